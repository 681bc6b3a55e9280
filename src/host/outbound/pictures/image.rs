//! The board image: the SVG from `board.svg` drawn by resvg (pure Rust,
//! no fonts: the template draws every glyph as a path) and written as
//! an opaque RGB PNG, which keeps a flat-coloured board small.

use resvg::{tiny_skia, usvg};

#[derive(Debug, thiserror::Error)]
pub(crate) enum ImageError {
    #[error("the board's SVG does not parse: {0}")]
    Svg(String),
    #[error("the board's SVG has no size that can be drawn ({0} × {1})")]
    Size(f32, f32),
    #[error("cannot write the PNG: {0}")]
    Png(String),
}

/// The largest side an image may have, so that an operator's template
/// with a typing error cannot ask for gigabytes.
const MAX_SIDE: f32 = 4000.0;

/// Draws `svg` and returns it as a PNG.
pub(crate) fn png_from_svg(svg: &str) -> Result<Vec<u8>, ImageError> {
    let tree = usvg::Tree::from_str(svg, &usvg::Options::default())
        .map_err(|err| ImageError::Svg(err.to_string()))?;
    let size = tree.size();
    let (width, height) = (size.width(), size.height());
    if !(1.0..=MAX_SIDE).contains(&width) || !(1.0..=MAX_SIDE).contains(&height) {
        return Err(ImageError::Size(width, height));
    }
    let mut pixmap = tiny_skia::Pixmap::new(width.ceil() as u32, height.ceil() as u32)
        .ok_or(ImageError::Size(width, height))?;
    // White under everything: a template that leaves a corner bare still
    // gives an opaque image.
    pixmap.fill(tiny_skia::Color::WHITE);
    resvg::render(&tree, tiny_skia::Transform::default(), &mut pixmap.as_mut());
    let rgb: Vec<u8> = pixmap
        .data()
        .chunks_exact(4)
        .flat_map(|pixel| [pixel[0], pixel[1], pixel[2]])
        .collect();
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, pixmap.width(), pixmap.height());
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_compression(png::Compression::High);
    let mut writer = encoder
        .write_header()
        .map_err(|err| ImageError::Png(err.to_string()))?;
    writer
        .write_image_data(&rgb)
        .map_err(|err| ImageError::Png(err.to_string()))?;
    writer
        .finish()
        .map_err(|err| ImageError::Png(err.to_string()))?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_svg_becomes_a_png_of_its_size_and_colours() {
        let svg = r##"<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10">
            <rect x="0" y="0" width="10" height="10" fill="#ff0000"/></svg>"##;
        let png = png_from_svg(svg).unwrap();
        let image = tiny_skia::Pixmap::decode_png(&png).unwrap();
        assert_eq!((image.width(), image.height()), (20, 10));
        let red = image.pixel(5, 5).unwrap();
        assert_eq!((red.red(), red.green(), red.blue()), (255, 0, 0));
        let bare = image.pixel(15, 5).unwrap();
        assert_eq!((bare.red(), bare.green(), bare.blue()), (255, 255, 255));
    }

    #[test]
    fn broken_or_huge_svg_is_an_error_not_a_panic() {
        assert!(matches!(png_from_svg("<svg"), Err(ImageError::Svg(_))));
        let huge = r#"<svg xmlns="http://www.w3.org/2000/svg" width="90000" height="9"/>"#;
        assert!(matches!(png_from_svg(huge), Err(ImageError::Size(..))));
    }
}
