//! Map pins (issue 39): how public reads blur an approximate pin, and the public list's
//! bounding box.

use crate::messages;

/// An approximate pin is rounded to this many degrees: 0.005° of latitude is about 556 m,
/// and of longitude less (556 m × cos latitude), so a pin moves by about 500 m at most.
pub const APPROXIMATE_STEP: f64 = 0.005;

/// A coordinate as public reads give an approximate pin.
pub fn approximate(degrees: f64) -> f64 {
    let rounded = (degrees / APPROXIMATE_STEP).round() * APPROXIMATE_STEP;
    // Three decimals hold every multiple of the step; the rest is float noise.
    (rounded * 1000.0).round() / 1000.0
}

/// `bbox=minLng,minLat,maxLng,maxLat` of the public list, in WGS84 degrees.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BoundingBox {
    pub min_lng: f64,
    pub min_lat: f64,
    pub max_lng: f64,
    pub max_lat: f64,
}

impl BoundingBox {
    /// Four numbers in range, the minimums not above the maximums; else the rules' message.
    pub fn parse(text: &str) -> Result<BoundingBox, &'static str> {
        let numbers: Vec<f64> = text
            .split(',')
            .map(|n| n.trim().parse::<f64>())
            .collect::<Result<_, _>>()
            .map_err(|_| messages::BBOX_INVALID)?;
        let [min_lng, min_lat, max_lng, max_lat] = numbers[..] else {
            return Err(messages::BBOX_INVALID);
        };
        let lng_fits = |v: f64| v.is_finite() && v.abs() <= 180.0;
        let lat_fits = |v: f64| v.is_finite() && v.abs() <= 90.0;
        let fits = lng_fits(min_lng) && lng_fits(max_lng) && lat_fits(min_lat) && lat_fits(max_lat);
        if !fits || min_lng > max_lng || min_lat > max_lat {
            return Err(messages::BBOX_INVALID);
        }
        Ok(BoundingBox { min_lng, min_lat, max_lng, max_lat })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_approximate_pin_moves_by_at_most_half_a_step() {
        for degrees in [25.204_849, 55.270_782, -33.868_8, 0.0, 89.999, -179.997] {
            let moved = (approximate(degrees) - degrees).abs();
            assert!(moved <= APPROXIMATE_STEP / 2.0 + 1e-9, "{degrees}: {moved}");
        }
        assert_eq!(approximate(25.204_849), 25.205);
        assert_eq!(approximate(55.272_6), 55.275);
    }

    #[test]
    fn a_bounding_box_is_four_ordered_numbers_in_range() {
        assert_eq!(
            BoundingBox::parse("55.1,25.0,55.4,25.3"),
            Ok(BoundingBox { min_lng: 55.1, min_lat: 25.0, max_lng: 55.4, max_lat: 25.3 })
        );
        for bad in
            ["", "1,2,3", "1,2,3,4,5", "a,b,c,d", "55.4,25,55.1,25.3", "0,91,1,92", "-181,0,0,1", "NaN,0,1,1"]
        {
            assert_eq!(BoundingBox::parse(bad), Err(messages::BBOX_INVALID), "{bad}");
        }
    }
}
