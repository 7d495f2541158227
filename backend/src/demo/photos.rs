//! Photos for the demo listings, drawn here rather than downloaded or kept in git: simple
//! scenes (a sky, the sun, the ground or the sea, a building; a room with a window and a
//! sofa) as small JPEGs, every one different, a few KB each.

use ::image::codecs::jpeg::JpegEncoder;
use ::image::{Rgb, RgbImage};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

pub const WIDTH: u32 = 420;
pub const HEIGHT: u32 = 280;
const QUALITY: u8 = 60;

/// The building an outside view shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Building {
    /// A block of flats or offices: tall, with rows of windows.
    Tower,
    /// A villa, townhouse or chalet: low, wide, with a pitched roof.
    House,
    /// A shop front or a warehouse: low and wide, flat roofed.
    Hall,
}

impl Building {
    /// The building that suits a property type's English name.
    pub fn of_type(name_en: &str) -> Building {
        match name_en.to_ascii_lowercase().as_str() {
            "villa" | "townhouse" | "chalet" => Building::House,
            "shop" | "warehouse" => Building::Hall,
            _ => Building::Tower,
        }
    }
}

type Colour = [u8; 3];

fn mix(a: Colour, b: Colour, t: f32) -> Colour {
    let t = t.clamp(0.0, 1.0);
    [0, 1, 2].map(|i| (f32::from(a[i]) + (f32::from(b[i]) - f32::from(a[i])) * t).round() as u8)
}

fn shade(colour: Colour, factor: f32) -> Colour {
    colour.map(|c| (f32::from(c) * factor).clamp(0.0, 255.0) as u8)
}

struct Canvas {
    image: RgbImage,
}

impl Canvas {
    fn new() -> Canvas {
        Canvas { image: RgbImage::new(WIDTH, HEIGHT) }
    }

    /// Rows `top..bottom` in a vertical gradient.
    fn gradient(&mut self, top: u32, bottom: u32, from: Colour, to: Colour) {
        let bottom = bottom.min(HEIGHT);
        for y in top..bottom {
            let colour = Rgb(mix(from, to, (y - top) as f32 / (bottom - top).max(1) as f32));
            for x in 0..WIDTH {
                self.image.put_pixel(x, y, colour);
            }
        }
    }

    fn rect(&mut self, x: i32, y: i32, width: i32, height: i32, colour: Colour) {
        let (x0, y0) = (x.max(0) as u32, y.max(0) as u32);
        let x1 = (x + width).clamp(0, WIDTH as i32) as u32;
        let y1 = (y + height).clamp(0, HEIGHT as i32) as u32;
        for py in y0..y1 {
            for px in x0..x1 {
                self.image.put_pixel(px, py, Rgb(colour));
            }
        }
    }

    /// A disc whose edge fades over two pixels into what is under it.
    fn disc(&mut self, cx: i32, cy: i32, radius: i32, colour: Colour) {
        for py in (cy - radius - 2).max(0)..(cy + radius + 2).min(HEIGHT as i32) {
            for px in (cx - radius - 2).max(0)..(cx + radius + 2).min(WIDTH as i32) {
                let distance = (((px - cx).pow(2) + (py - cy).pow(2)) as f32).sqrt();
                let cover = (f32::from(radius as u16) + 1.0 - distance) / 2.0;
                if cover > 0.0 {
                    let under = self.image.get_pixel(px as u32, py as u32).0;
                    self.image.put_pixel(px as u32, py as u32, Rgb(mix(under, colour, cover)));
                }
            }
        }
    }

    /// A roof: a triangle from (left, base) to (right, base) with its top at (middle, peak).
    fn roof(&mut self, left: i32, right: i32, base: i32, peak: i32, colour: Colour) {
        let middle = (left + right) / 2;
        for py in peak.max(0)..base.min(HEIGHT as i32) {
            let t = (py - peak) as f32 / (base - peak).max(1) as f32;
            let half = ((right - left) as f32 / 2.0 * t) as i32;
            self.rect(middle - half, py, 2 * half, 1, colour);
        }
    }

    fn jpeg(self) -> Vec<u8> {
        let mut bytes = Vec::new();
        // Writing into memory cannot fail for an RGB image of this size.
        let _ = self.image.write_with_encoder(JpegEncoder::new_with_quality(&mut bytes, QUALITY));
        bytes
    }
}

const SKIES: [(Colour, Colour); 4] = [
    ([64, 126, 201], [190, 220, 240]), // midday
    ([44, 62, 120], [247, 164, 112]),  // sunset
    ([92, 150, 214], [232, 236, 228]), // hazy morning
    ([38, 50, 96], [176, 132, 170]),   // dusk
];
const WALLS: [Colour; 6] =
    [[233, 222, 200], [214, 196, 170], [240, 240, 234], [200, 190, 180], [226, 210, 186], [180, 172, 160]];
const ACCENTS: [Colour; 5] = [[150, 70, 50], [70, 90, 110], [120, 100, 80], [60, 110, 90], [170, 120, 60]];

/// The outside of a building, by the sea or not; `seed` makes it unlike any other.
pub fn outside(building: Building, by_the_sea: bool, seed: u64) -> Vec<u8> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut canvas = Canvas::new();
    let (sky_top, sky_bottom) = SKIES[rng.gen_range(0..SKIES.len())];
    let horizon = rng.gen_range(150..190) as u32;
    canvas.gradient(0, horizon, sky_top, sky_bottom);
    let sun = (rng.gen_range(40..WIDTH as i32 - 40), rng.gen_range(30..100));
    canvas.disc(sun.0, sun.1, rng.gen_range(14..26), mix(sky_bottom, [255, 244, 214], 0.8));
    if by_the_sea {
        canvas.gradient(horizon, HEIGHT, [40, 110, 160], [120, 190, 210]);
        canvas.gradient(HEIGHT - 60, HEIGHT, [222, 200, 160], [240, 226, 190]);
    } else {
        let ground = if rng.gen_bool(0.5) { [118, 140, 84] } else { [176, 156, 120] };
        canvas.gradient(horizon, HEIGHT, ground, shade(ground, 0.75));
    }
    let wall = WALLS[rng.gen_range(0..WALLS.len())];
    let accent = ACCENTS[rng.gen_range(0..ACCENTS.len())];
    let glass = mix(sky_top, [20, 30, 40], 0.35);
    let base = HEIGHT as i32 - rng.gen_range(18..40);
    match building {
        Building::Tower => {
            let count = rng.gen_range(1..=3);
            for tower in 0..count {
                let width = rng.gen_range(70..115);
                let height = rng.gen_range(130..220).min(base - 20);
                let x = 24 + tower * 132 + rng.gen_range(0..30);
                let face = if tower % 2 == 0 { wall } else { shade(wall, 0.85) };
                canvas.rect(x, base - height, width, height, face);
                canvas.rect(x + width, base - height + 6, 10, height - 6, shade(face, 0.7));
                // Ribbon windows, one band a floor.
                for row in (base - height + 14..base - 24).step_by(24) {
                    canvas.rect(x + 8, row, width - 16, 12, glass);
                }
            }
        }
        Building::House => {
            let width = rng.gen_range(200..280);
            let height = rng.gen_range(64..90);
            let x = rng.gen_range(40..(WIDTH as i32 - width - 40).max(41));
            canvas.rect(x, base - height, width, height, wall);
            canvas.roof(
                x - 14,
                x + width + 14,
                base - height + 2,
                base - height - rng.gen_range(40..70),
                accent,
            );
            canvas.rect(x + width / 2 - 14, base - 46, 28, 46, shade(accent, 0.7));
            for window in [x + 24, x + width - 64] {
                canvas.rect(window, base - height + 22, 40, 30, glass);
            }
            for tree in 0..rng.gen_range(1..4) {
                let tx = rng.gen_range(10..WIDTH as i32 - 10);
                canvas.rect(tx - 3, base - 30, 6, 30, [96, 70, 48]);
                canvas.disc(tx, base - 42 - tree * 3, rng.gen_range(14..22), [64, 118, 60]);
            }
        }
        Building::Hall => {
            let width = rng.gen_range(260..380);
            let height = rng.gen_range(64..100);
            let x = (WIDTH as i32 - width) / 2;
            canvas.rect(x, base - height, width, height, wall);
            canvas.rect(x, base - height, width, 16, accent);
            for (i, door) in (x + 20..x + width - 80).step_by(90).enumerate() {
                let colour = if i % 2 == 0 { glass } else { shade(wall, 0.6) };
                canvas.rect(door, base - height + 30, 70, height - 30, colour);
            }
        }
    }
    canvas.rect(0, base, WIDTH as i32, 6, shade(wall, 0.5));
    canvas.jpeg()
}

/// A room inside: a wall, a floor, a window onto the sky and a sofa.
pub fn inside(seed: u64) -> Vec<u8> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut canvas = Canvas::new();
    let wall = WALLS[rng.gen_range(0..WALLS.len())];
    let floor_line = rng.gen_range(185..220) as u32;
    canvas.gradient(0, floor_line, shade(wall, 1.05), shade(wall, 0.9));
    let wood = if rng.gen_bool(0.5) { [150, 110, 76] } else { [190, 172, 150] };
    canvas.gradient(floor_line, HEIGHT, wood, shade(wood, 0.7));
    let (sky_top, sky_bottom) = SKIES[rng.gen_range(0..SKIES.len())];
    let (wx, ww) = (rng.gen_range(30..220), rng.gen_range(110..160));
    canvas.rect(wx - 6, 34 - 6, ww + 12, 122, [250, 250, 248]);
    let mut view = Canvas::new();
    view.gradient(0, 110, sky_top, sky_bottom);
    for y in 0..110 {
        for x in 0..ww as u32 {
            let pixel = *view.image.get_pixel(x, y);
            canvas.image.put_pixel(wx as u32 + x, 34 + y, pixel);
        }
    }
    canvas.rect(wx + ww / 2 - 2, 34, 4, 110, [250, 250, 248]);
    let sofa = ACCENTS[rng.gen_range(0..ACCENTS.len())];
    let sx = rng.gen_range(24..WIDTH as i32 - 260);
    let seat = floor_line as i32 - 10;
    canvas.rect(sx, seat - 60, 190, 40, shade(sofa, 0.85));
    canvas.rect(sx - 10, seat - 30, 210, 40, sofa);
    canvas.rect(sx - 10, seat - 50, 22, 60, shade(sofa, 0.8));
    canvas.rect(sx + 178, seat - 50, 22, 60, shade(sofa, 0.8));
    canvas.rect(sx + 250 - rng.gen_range(0..40), seat - 6, 70, 8, [90, 70, 52]);
    canvas.jpeg()
}

/// A head-and-shoulders portrait for a team member: a backdrop, shoulders in a jacket's
/// colour and a face.
pub fn portrait(seed: u64) -> Vec<u8> {
    const SKINS: [Colour; 4] = [[236, 200, 170], [210, 160, 120], [170, 120, 90], [120, 85, 60]];
    let mut rng = StdRng::seed_from_u64(seed);
    let mut canvas = Canvas::new();
    let (top, bottom) = SKIES[rng.gen_range(0..SKIES.len())];
    canvas.gradient(0, HEIGHT, shade(top, 1.1), shade(bottom, 0.9));
    let jacket = ACCENTS[rng.gen_range(0..ACCENTS.len())];
    let centre = WIDTH as i32 / 2;
    canvas.disc(centre, HEIGHT as i32 + 40, 150, shade(jacket, 0.9));
    canvas.rect(centre - 18, 150, 36, 40, SKINS[rng.gen_range(0..SKINS.len())]);
    let skin = SKINS[rng.gen_range(0..SKINS.len())];
    canvas.disc(centre, 115, 62, skin);
    let hair = shade(ACCENTS[rng.gen_range(0..ACCENTS.len())], 0.45);
    canvas.rect(centre - 60, 48, 120, 34, hair);
    canvas.jpeg()
}

/// A photo to draw.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Photo {
    Outside { building: Building, by_the_sea: bool, seed: u64 },
    Inside { seed: u64 },
    Portrait { seed: u64 },
}

impl Photo {
    pub fn draw(self) -> Vec<u8> {
        match self {
            Photo::Outside { building, by_the_sea, seed } => outside(building, by_the_sea, seed),
            Photo::Inside { seed } => inside(seed),
            Photo::Portrait { seed } => portrait(seed),
        }
    }
}

/// Draws the photos on every core, in order. Encoding is CPU work of a few milliseconds a
/// photo (tens in a debug build): callers run this on the blocking pool.
pub fn draw_all(photos: &[Photo]) -> Vec<Vec<u8>> {
    let workers = std::thread::available_parallelism().map_or(1, |n| n.get()).min(photos.len().max(1));
    let share = photos.len().div_ceil(workers);
    std::thread::scope(|scope| {
        let handles: Vec<_> = photos
            .chunks(share.max(1))
            .map(|chunk| scope.spawn(move || chunk.iter().map(|photo| photo.draw()).collect::<Vec<_>>()))
            .collect();
        handles.into_iter().flat_map(|handle| handle.join().unwrap_or_default()).collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn photos_are_small_distinct_jpegs_of_the_stated_size() {
        let photos = draw_all(&[
            Photo::Outside { building: Building::Tower, by_the_sea: true, seed: 1 },
            Photo::Outside { building: Building::Tower, by_the_sea: true, seed: 2 },
            Photo::Outside { building: Building::House, by_the_sea: false, seed: 3 },
            Photo::Outside { building: Building::Hall, by_the_sea: false, seed: 4 },
            Photo::Inside { seed: 5 },
            Photo::Inside { seed: 6 },
        ]);
        for (i, photo) in photos.iter().enumerate() {
            assert!(photo.starts_with(b"\xFF\xD8\xFF"), "photo {i} is a JPEG");
            assert!(photo.len() < 20 * 1024, "photo {i} is {} bytes", photo.len());
            let decoded = ::image::load_from_memory(photo).expect("decodes");
            assert_eq!((decoded.width(), decoded.height()), (WIDTH, HEIGHT));
            for other in &photos[..i] {
                assert_ne!(photo, other, "photo {i} is unlike the others");
            }
        }
    }
}
