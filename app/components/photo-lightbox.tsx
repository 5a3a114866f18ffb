import Lightbox from "yet-another-react-lightbox";
import Zoom from "yet-another-react-lightbox/plugins/zoom";
import "yet-another-react-lightbox/styles.css";

export interface LightboxPhoto {
  src: string;
  alt: string;
}

/**
 * A laptop's photos full screen (yet-another-react-lightbox: docs/decisions/0014), with zoom by pinch, wheel, double
 * click and the keyboard (+, -, 0). A module of its own, loaded by the gallery when a photo is first opened:
 * it stays out of the laptop page's first load. The library makes the rest of the page inert while it is
 * open, closes on Escape and gives focus back to the photo that opened it.
 */
export default function PhotoLightbox({
  photos,
  index,
  open,
  label,
  onClose,
}: {
  photos: LightboxPhoto[];
  index: number;
  open: boolean;
  label: string;
  onClose: () => void;
}) {
  return (
    <Lightbox
      open={open}
      close={onClose}
      index={index}
      slides={photos}
      plugins={[Zoom]}
      // The wheel zooms (as in a map) rather than moving to the next photo; arrows and swipes do that.
      zoom={{ scrollToZoom: true, maxZoomPixelRatio: 2 }}
      // One photo or two: no going round from the last back to the first.
      carousel={{ finite: photos.length <= 2 }}
      labels={{ Lightbox: label }}
    />
  );
}
