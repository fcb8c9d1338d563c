//! The jetjson generator.
