/**
 * A laptop's photo, always shown 4:3 (cropped to fill, whatever the upload's shape): its width and height go
 * with it, so that the page keeps the photo's place before it arrives. `alt` stays empty where the laptop's
 * name stands beside the photo, which would only say it again.
 */
export function LaptopPhoto({
  src,
  width,
  alt = "",
  loading,
  className,
}: {
  src: string | undefined;
  width: number;
  alt?: string;
  loading?: "lazy";
  className?: string;
}) {
  return <img src={src} alt={alt} loading={loading} width={width} height={(width * 3) / 4} className={className} />;
}
