//! Data of each payload's shape, made from a fixed seed when the shared data
//! is absent (a fresh clone without `../shared`), or on request (`--generate`).
//!
//! The seed payloads are rebuilt from the articles' own values, so at full
//! size they equal the shared files byte for byte (a test checks this when the
//! files are there). The corpora are random but shaped like the originals:
//! the same keys, the same optional fields, similar counts and value ranges.
//! [`Size::Tiny`] keeps every shape but only a handful of elements, for tests.

use crate::schema::{
    AgentService, Area, Canada, CitmCatalog, Doc, Event, Feature, FeatureCollection, Geometry,
    Hashtag, HoldValMsg, Media, MediaSize, MediaSizes, Performance, PhaseTiming, Price, Properties,
    SearchMetadata, SeatCategory, Status, StatusEntities, StatusMetadata, TimingPlan, Twitter, Url,
    UrlEntity, User, UserEntities, UserMention, ValMsg,
};
use std::collections::BTreeMap;

/// How much data to generate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Size {
    /// A few elements of each kind: every shape, for fast tests.
    Tiny,
    /// About the size of the real files.
    Full,
}

/// splitmix64: a tiny, fixed-seed generator (no `rand` dependency needed).
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator started from `seed`.
    pub fn new(seed: u64) -> Self {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `lo..=hi`.
    pub fn range(&mut self, lo: u64, hi: u64) -> u64 {
        lo + self.next_u64() % (hi - lo + 1)
    }

    /// A float in `[0, 1)`.
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// True with probability `p`.
    pub fn chance(&mut self, p: f64) -> bool {
        self.unit() < p
    }

    /// One element of `items`.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.range(0, items.len() as u64 - 1) as usize]
    }

    /// `words` picked from `pool`, joined by `sep`.
    pub fn words(&mut self, pool: &[&str], words: usize, sep: &str) -> String {
        (0..words)
            .map(|_| *self.pick(pool))
            .collect::<Vec<_>>()
            .join(sep)
    }
}

// MARK: - Seeds: the articles' values

/// The `AgentService` record of article 001.
pub fn agent_service() -> AgentService {
    AgentService {
        service_name: "kaleidoscope_api".into(),
        version: "1517558949087295000_1298498081".into(),
        service_id: "kaleidoscope_kaleidoscope.dev.igetget.com_v1.2".into(),
        address: "kaleidoscope.dev.igetget.com".into(),
        port: 80,
        metadata: BTreeMap::new(),
        connect_timeout: 1000,
        connect_type: "LONG".into(),
        read_timeout: 1000,
        write_timeout: 1000,
        protocol: "HTTP".into(),
        balance: "Random".into(),
        idcs: "hu,hd,hn".into(),
        converter: "json".into(),
        retry: 3,
    }
}

/// The `Doc` record of article 002.
pub fn doc() -> Doc {
    Doc {
        doc_id: 123,
        position: "搜索工程师".into(),
        company: "百度".into(),
        city: "北京".into(),
        school_level: 2,
        vip: false,
        chat: true,
        active: 1,
        work_age: 3,
    }
}

/// The `ValMsg` of article 003.
pub fn val_msg() -> ValMsg {
    let hold = |int: i64, suffix: &str| HoldValMsg {
        int,
        text: format!("Hello{suffix}"),
        flag: true,
        byte_slice: format!("World{suffix}").into_bytes(),
        bool_slice: vec![true, true, false, true, false],
        int_slice: vec![123, 321, 1_234_567],
        string_slice: vec![format!("FOO{suffix}"), format!("BAR{suffix}")],
    };
    ValMsg {
        int: i64::MAX,
        text: "Hello".into(),
        flag: true,
        hold: Some(hold(1, "")),
        byte_slice: b"World".to_vec(),
        bool_slice: vec![true, true, false, true, false],
        int_slice: vec![123, 321, 1_234_567],
        string_slice: vec!["FOO".into(), "BAR".into()],
        struct_slice: vec![hold(2, "2"), hold(3, "3")],
        int_neg: i64::from(i32::MIN) + 1,
    }
}

/// The signal-timing document of article 004: the same plan 64 times (2 when tiny),
/// numbered so the copies differ.
pub fn signal_timing(size: Size) -> Vec<TimingPlan> {
    const TIMES: [u32; 39] = [
        10, 10, 10, 10, 15, 15, 15, 15, 12, 13, 12, 13, 12, 13, 12, 13, 12, 13, 12, 13, 12, 13, 12,
        13, 12, 13, 12, 13, 12, 9, 10, 19, 6, 94, 50, 50, 50, 50, 100,
    ];
    let plans = match size {
        Size::Tiny => 2,
        Size::Full => 64,
    };
    (1..=plans)
        .map(|n| TimingPlan {
            map_key: n,
            id: n,
            desc: "配置方案1".into(),
            cycle: 100,
            offset: 0,
            coord_phase: 1,
            timing: (1..)
                .zip(TIMES)
                .map(|(phase, time)| PhaseTiming {
                    phase,
                    time,
                    status: 0,
                    barrier: 1,
                })
                .collect(),
            turn: vec![
                (1..=8).collect(),
                (9..=16).collect(),
                (17..=24).collect(),
                (25..=32).collect(),
                vec![33, 34],
                vec![35, 36],
                vec![37, 38],
                vec![39],
            ],
        })
        .collect()
}

// MARK: - Corpora: random, shaped like the originals

/// A GeoJSON collection of polygons: one feature, 480 rings and about 56,000
/// points at full size, like `canada.json`.
pub fn canada(size: Size) -> Canada {
    let mut rng = Rng::new(0x00CA_4ADA);
    let (rings, points) = match size {
        Size::Tiny => (2, 6),
        Size::Full => (480, 116),
    };
    let coordinates = (0..rings)
        .map(|_| {
            let n = match size {
                Size::Tiny => points,
                Size::Full => rng.range(4, 2 * points as u64 - 4) as usize,
            };
            let mut lon = -141.0 + rng.unit() * 89.0;
            let mut lat = 41.7 + rng.unit() * 41.0;
            (0..n)
                .map(|i| {
                    lon += (rng.unit() - 0.5) * 0.02;
                    lat += (rng.unit() - 0.5) * 0.02;
                    if i % 997 == 3 {
                        // The original has a few integral coordinates, like -141.
                        (lon.round(), lat.round())
                    } else {
                        (lon, lat)
                    }
                })
                .collect()
        })
        .collect();
    FeatureCollection {
        kind: "FeatureCollection".into(),
        features: vec![Feature {
            kind: "Feature".into(),
            properties: Properties {
                name: "Canada".into(),
            },
            geometry: Geometry {
                kind: "Polygon".into(),
                coordinates,
            },
        }],
    }
}

const FRENCH: &[&str] = &[
    "Orchestre",
    "Philharmonique",
    "de",
    "Radio",
    "France",
    "Salle",
    "Pleyel",
    "Récital",
    "Quatuor",
    "à",
    "cordes",
    "Symphonie",
    "n°",
    "Mahler",
    "Brahms",
    "Ensemble",
    "intercontemporain",
    "Concert",
    "Jeune",
    "Public",
    "Opéra",
    "Musique",
    "Chœur",
];

/// A ticketing catalog: id-keyed maps, 184 events and 243 performances at
/// full size, like `citm_catalog.json`.
pub fn citm_catalog(size: Size) -> CitmCatalog {
    let mut rng = Rng::new(0xC17);
    let (events, performances, areas, seat_cats, topics, sub_topics) = match size {
        Size::Tiny => (2, 2, 3, 2, 2, 3),
        Size::Full => (184, 243, 17, 64, 4, 19),
    };
    let names = |rng: &mut Rng, base: u64, n: usize| -> BTreeMap<String, String> {
        (0..n as u64)
            .map(|i| {
                let w = rng.range(1, 4) as usize;
                ((base + i).to_string(), rng.words(FRENCH, w, " "))
            })
            .collect()
    };
    let area_names = names(&mut rng, 205_705_993, areas);
    let seat_category_names = names(&mut rng, 338_937_235, seat_cats);
    let sub_topic_names = names(&mut rng, 337_184_262, sub_topics);
    let topic_names = names(&mut rng, 324_846_098, topics);
    let area_ids: Vec<u64> = area_names.keys().map(|k| k.parse().unwrap_or(0)).collect();
    let seat_ids: Vec<u64> = seat_category_names
        .keys()
        .map(|k| k.parse().unwrap_or(0))
        .collect();
    let sub_topic_ids: Vec<u64> = sub_topic_names
        .keys()
        .map(|k| k.parse().unwrap_or(0))
        .collect();
    let topic_ids: Vec<u64> = topic_names.keys().map(|k| k.parse().unwrap_or(0)).collect();
    let topic_sub_topics = topic_ids
        .iter()
        .map(|t| {
            let n = rng.range(1, sub_topic_ids.len() as u64) as usize;
            (
                t.to_string(),
                (0..n).map(|_| *rng.pick(&sub_topic_ids)).collect(),
            )
        })
        .collect();
    let event_ids: Vec<u64> = (0..events as u64).map(|i| 138_586_341 + 4 * i).collect();
    let events = event_ids
        .iter()
        .map(|&id| {
            let subs = rng.range(1, 5) as usize;
            let tops = rng.range(1, 3) as usize;
            let w = rng.range(1, 5) as usize;
            let event = Event {
                description: None,
                id,
                logo: rng
                    .chance(0.5)
                    .then(|| format!("/images/UE0AAAAACEKo6QAAAAZDSVRN/{id}")),
                name: rng.words(FRENCH, w, " "),
                sub_topic_ids: (0..subs).map(|_| *rng.pick(&sub_topic_ids)).collect(),
                subject_code: None,
                subtitle: None,
                topic_ids: (0..tops).map(|_| *rng.pick(&topic_ids)).collect(),
            };
            (id.to_string(), event)
        })
        .collect();
    let performances = (0..performances as u64)
        .map(|i| {
            let cats = rng.range(1, 6) as usize;
            let cat_ids: Vec<u64> = (0..cats).map(|_| *rng.pick(&seat_ids)).collect();
            Performance {
                event_id: *rng.pick(&event_ids),
                id: 339_887_544 + 7 * i,
                logo: rng
                    .chance(0.45)
                    .then(|| format!("/images/UE0AAAAACEKo6QAAAAZDSVRN/{i}")),
                name: None,
                prices: cat_ids
                    .iter()
                    .map(|&seat_category_id| Price {
                        amount: rng.range(20, 3610) * 50,
                        audience_sub_category_id: 337_100_890,
                        seat_category_id,
                    })
                    .collect(),
                seat_categories: cat_ids
                    .iter()
                    .map(|&seat_category_id| SeatCategory {
                        areas: (0..rng.range(1, areas as u64))
                            .map(|_| Area {
                                area_id: *rng.pick(&area_ids),
                                block_ids: Vec::new(),
                            })
                            .collect(),
                        seat_category_id,
                    })
                    .collect(),
                seat_map_image: None,
                start: 1_372_701_600_000 + rng.range(0, 31_708_800) * 1000,
                venue_code: "PLEYEL_PLEYEL".into(),
            }
        })
        .collect();
    CitmCatalog {
        area_names,
        audience_sub_category_names: [("337100890".to_string(), "Abonné".to_string())].into(),
        block_names: BTreeMap::new(),
        events,
        performances,
        seat_category_names,
        sub_topic_names,
        subject_names: BTreeMap::new(),
        topic_names,
        topic_sub_topics,
        venue_names: [("PLEYEL_PLEYEL".to_string(), "Salle Pleyel".to_string())].into(),
    }
}

const JAPANESE: &[&str] = &[
    "一",
    "名前",
    "前田あゆみ",
    "第一印象",
    "なんか怖っ",
    "今の印象",
    "とりあえず",
    "キモい",
    "好きなところ",
    "思い出",
    "ありすぎ",
    "LINE交換できる",
    "ごめん",
    "トプ画をみて",
    "照れますがな",
    "一言",
    "お前は一生もんのダチ",
    "😋",
    "✨",
    "😊",
    "❤️",
    "\n",
    "！",
    "？",
    "「",
    "」",
    "RT",
    "@aym0566x",
    "#天下一",
    "\"",
    "http://t.co/xyz",
];

/// A search answer: 100 statuses at full size, about a quarter of them
/// retweets, with every optional field of `twitter.json` present somewhere.
pub fn twitter(size: Size) -> Twitter {
    let mut rng = Rng::new(0x0717_77E4);
    let n = match size {
        Size::Tiny => 2,
        Size::Full => 100,
    };
    let statuses = (0..n)
        .map(|i| {
            // The first status has every optional part, the second none of them.
            let all = i == 0;
            let none = i == 1;
            let mut s = status(&mut rng, i, all, none);
            if all || (!none && rng.chance(0.73)) {
                s.retweeted_status = Some(Box::new(status(&mut rng, i + 1000, all, none)));
            }
            s
        })
        .collect();
    Twitter {
        statuses,
        search_metadata: SearchMetadata {
            completed_in: 0.087,
            max_id: 505_874_924_095_815_700,
            max_id_str: "505874924095815681".into(),
            next_results: "?max_id=505874847260352512&q=%E4%B8%80&count=100&include_entities=1"
                .into(),
            query: "%E4%B8%80".into(),
            refresh_url: "?since_id=505874924095815681&q=%E4%B8%80&include_entities=1".into(),
            count: n as u32,
            since_id: 0,
            since_id_str: "0".into(),
        },
    }
}

fn status(rng: &mut Rng, i: u64, all: bool, none: bool) -> Status {
    let some = |rng: &mut Rng, p: f64| all || (!none && rng.chance(p));
    let id = 505_874_924_095_815_681 - i * 1_234_567;
    let reply = some(rng, 0.08);
    let reply_user = some(rng, 0.09);
    let words = rng.range(3, 30) as usize;
    let media = some(rng, 0.06).then(|| {
        let from_status = some(rng, 0.6);
        vec![Media {
            id: id - 7,
            id_str: (id - 7).to_string(),
            indices: vec![27, 49],
            media_url: "http://pbs.twimg.com/media/BwU6g-dCcAALxAW.png".into(),
            media_url_https: "https://pbs.twimg.com/media/BwU6g-dCcAALxAW.png".into(),
            url: "http://t.co/vmrreDMziI".into(),
            display_url: "pic.twitter.com/vmrreDMziI".into(),
            expanded_url: format!("http://twitter.com/user/status/{id}/photo/1"),
            kind: "photo".into(),
            sizes: MediaSizes {
                medium: media_size(600, 338, "fit"),
                small: media_size(340, 192, "fit"),
                thumb: media_size(150, 150, "crop"),
                large: media_size(600, 338, "fit"),
            },
            source_status_id: from_status.then_some(id - 99),
            source_status_id_str: from_status.then(|| (id - 99).to_string()),
        }]
    });
    Status {
        metadata: StatusMetadata {
            result_type: "recent".into(),
            iso_language_code: "ja".into(),
        },
        created_at: "Sun Aug 31 00:29:15 +0000 2014".into(),
        id,
        id_str: id.to_string(),
        text: rng.words(JAPANESE, words, ""),
        source:
            "<a href=\"http://twitter.com/download/iphone\" rel=\"nofollow\">Twitter for iPhone</a>"
                .into(),
        truncated: false,
        in_reply_to_status_id: reply.then_some(id - 1000),
        in_reply_to_status_id_str: reply.then(|| (id - 1000).to_string()),
        in_reply_to_user_id: reply_user.then_some(866_260_188),
        in_reply_to_user_id_str: reply_user.then(|| "866260188".into()),
        in_reply_to_screen_name: reply_user.then(|| "aym0566x".into()),
        user: user(rng, i, all, none),
        geo: None,
        coordinates: None,
        place: None,
        contributors: None,
        retweeted_status: None,
        retweet_count: rng.range(0, 3291) as u32,
        favorite_count: 0,
        entities: StatusEntities {
            hashtags: (0..rng.range(0, 1) + u64::from(all))
                .map(|_| Hashtag {
                    text: "天下一".into(),
                    indices: vec![17, 21],
                })
                .collect(),
            symbols: Vec::new(),
            urls: (0..rng.range(0, 1) + u64::from(all))
                .map(|_| url(rng))
                .collect(),
            user_mentions: (0..rng.range(0, 2) + u64::from(all))
                .map(|_| UserMention {
                    screen_name: "aym0566x".into(),
                    name: "前田あゆみ".into(),
                    id: 866_260_188,
                    id_str: "866260188".into(),
                    indices: vec![0, 9],
                })
                .collect(),
            media,
        },
        favorited: false,
        retweeted: false,
        possibly_sensitive: some(rng, 0.15).then_some(false),
        lang: "ja".into(),
    }
}

fn user(rng: &mut Rng, i: u64, all: bool, none: bool) -> User {
    let some = |rng: &mut Rng, p: f64| all || (!none && rng.chance(p));
    let id = 1_186_275_104 + i * 7919;
    let has_url = some(rng, 0.11);
    let tz = some(rng, 0.19);
    let words = rng.range(0, 20) as usize;
    User {
        id,
        id_str: id.to_string(),
        name: rng.words(JAPANESE, 2, ""),
        screen_name: format!("user_{i}"),
        location: rng.words(JAPANESE, 1, ""),
        description: rng.words(JAPANESE, words, ""),
        url: has_url.then(|| "http://t.co/QMLJeFmfMT".into()),
        entities: UserEntities {
            url: has_url.then(|| UrlEntity {
                urls: vec![url(rng)],
            }),
            description: UrlEntity {
                urls: (0..u64::from(some(rng, 0.04))).map(|_| url(rng)).collect(),
            },
        },
        protected: false,
        followers_count: rng.range(4, 110_756) as u32,
        friends_count: rng.range(2, 16_983) as u32,
        listed_count: rng.range(0, 8159) as u32,
        created_at: "Mon Oct 28 16:54:41 +0000 2013".into(),
        favourites_count: rng.range(0, 37_249) as u32,
        utc_offset: tz.then_some(32_400),
        time_zone: tz.then(|| "Tokyo".into()),
        geo_enabled: rng.chance(0.3),
        verified: false,
        statuses_count: rng.range(145, 369_420) as u32,
        lang: "ja".into(),
        contributors_enabled: false,
        is_translator: false,
        is_translation_enabled: false,
        profile_background_color: "C0DEED".into(),
        profile_background_image_url: "http://abs.twimg.com/images/themes/theme1/bg.png".into(),
        profile_background_image_url_https: "https://abs.twimg.com/images/themes/theme1/bg.png"
            .into(),
        profile_background_tile: false,
        profile_image_url: format!("http://pbs.twimg.com/profile_images/{id}/normal.jpeg"),
        profile_image_url_https: format!("https://pbs.twimg.com/profile_images/{id}/normal.jpeg"),
        profile_banner_url: some(rng, 0.86)
            .then(|| format!("https://pbs.twimg.com/profile_banners/{id}/1409318784")),
        profile_link_color: "0084B4".into(),
        profile_sidebar_border_color: "C0DEED".into(),
        profile_sidebar_fill_color: "DDEEF6".into(),
        profile_text_color: "333333".into(),
        profile_use_background_image: true,
        default_profile: true,
        default_profile_image: false,
        following: false,
        follow_request_sent: false,
        notifications: false,
    }
}

fn url(rng: &mut Rng) -> Url {
    let n = rng.range(0, 999);
    Url {
        url: format!("http://t.co/{n:04}QMLJeF"),
        expanded_url: format!("http://example.com/page/{n}"),
        display_url: format!("example.com/page/{n}"),
        indices: vec![0, 22],
    }
}

fn media_size(w: u32, h: u32, resize: &str) -> MediaSize {
    MediaSize {
        w,
        h,
        resize: resize.into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::de::DeserializeOwned;
    use serde::Serialize;
    use std::fmt::Debug;

    fn round_trips<T: Serialize + DeserializeOwned + PartialEq + Debug>(v: &T) {
        let json = serde_json::to_vec(v).unwrap();
        let back: T = serde_json::from_slice(&json).unwrap();
        assert_eq!(&back, v);
    }

    #[test]
    fn generated_data_deserializes_into_its_type() {
        for size in [Size::Tiny, Size::Full] {
            round_trips(&agent_service());
            round_trips(&doc());
            round_trips(&val_msg());
            round_trips(&signal_timing(size));
            round_trips(&canada(size));
            round_trips(&citm_catalog(size));
            round_trips(&twitter(size));
        }
    }

    #[test]
    fn generation_is_deterministic() {
        assert_eq!(canada(Size::Tiny), canada(Size::Tiny));
        assert_eq!(twitter(Size::Full), twitter(Size::Full));
        assert_eq!(citm_catalog(Size::Full), citm_catalog(Size::Full));
    }

    #[test]
    fn full_corpora_are_about_the_real_size() {
        let canada = json_len(&canada(Size::Full));
        let citm = json_len(&citm_catalog(Size::Full));
        let twitter = json_len(&twitter(Size::Full));
        assert!((1_500_000..4_000_000).contains(&canada), "canada {canada}");
        assert!((200_000..2_500_000).contains(&citm), "citm {citm}");
        assert!((150_000..1_000_000).contains(&twitter), "twitter {twitter}");
    }

    #[test]
    fn tiny_twitter_has_every_optional_field_once() {
        let t = twitter(Size::Tiny);
        let all = &t.statuses[0];
        assert!(all.retweeted_status.is_some() && all.possibly_sensitive.is_some());
        assert!(all.entities.media.as_ref().unwrap()[0]
            .source_status_id
            .is_some());
        assert!(all.user.entities.url.is_some() && all.user.profile_banner_url.is_some());
        let none = &t.statuses[1];
        assert!(none.retweeted_status.is_none() && none.entities.media.is_none());
        assert!(none.user.profile_banner_url.is_none() && none.in_reply_to_user_id.is_none());
    }

    /// The seed payloads are the articles' values, so the generated text is the file.
    #[test]
    fn generated_seeds_equal_the_shared_files() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/data/seeds");
        let check = |name: &str, json: Vec<u8>| match std::fs::read(dir.join(name)) {
            Ok(file) => assert!(file.trim_ascii() == json.as_slice(), "{name} differs"),
            Err(_) => eprintln!("skipped: {} not found", dir.join(name).display()),
        };
        check(
            "agent_service.json",
            serde_json::to_vec(&agent_service()).unwrap(),
        );
        check("doc.json", serde_json::to_vec(&doc()).unwrap());
        check("val_msg.json", serde_json::to_vec(&val_msg()).unwrap());
        check(
            "signal_timing.json",
            serde_json::to_vec(&signal_timing(Size::Full)).unwrap(),
        );
    }

    fn json_len<T: Serialize>(v: &T) -> usize {
        serde_json::to_vec(v).unwrap().len()
    }
}
