import { useCallback, useEffect, useState } from "react";

export interface Banner {
  title: string;
  text: string;
  tone: string;
}

/** Rotates every 6 s; pauses while hovered or focused; arrows and buttons drive it. */
export function Carousel({ banners }: { banners: Banner[] }) {
  const [current, setCurrent] = useState(0);
  const [paused, setPaused] = useState(false);
  const go = useCallback(
    (step: number) => setCurrent((c) => (c + step + banners.length) % banners.length),
    [banners.length],
  );

  useEffect(() => {
    if (paused) return;
    const timer = setInterval(() => go(1), 6000);
    return () => clearInterval(timer);
  }, [paused, go]);

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Welcome"
      className="relative overflow-hidden rounded-box"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      onKeyDown={(e) => {
        if (e.key === "ArrowRight") go(1);
        if (e.key === "ArrowLeft") go(-1);
      }}
    >
      {banners.map((banner, i) => (
        // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern makes each slide a group
        <div
          key={banner.title}
          role="group"
          aria-roledescription="slide"
          aria-label={`${i + 1} of ${banners.length}`}
          hidden={i !== current}
          className={`flex min-h-64 flex-col justify-center gap-3 px-8 py-12 md:px-20 ${banner.tone}`}
        >
          <h2 className="text-3xl font-bold md:text-5xl">{banner.title}</h2>
          <p className="max-w-xl text-lg">{banner.text}</p>
        </div>
      ))}
      <div className="absolute inset-x-0 bottom-3 flex items-center justify-center gap-3">
        <button type="button" className="btn btn-circle btn-sm" onClick={() => go(-1)} aria-label="Previous banner">
          ❮
        </button>
        {banners.map((b, i) => (
          <button
            key={b.title}
            type="button"
            className={`h-2.5 w-2.5 rounded-full ${i === current ? "bg-base-content" : "bg-base-content/30"}`}
            aria-label={`Show banner ${i + 1}`}
            aria-current={i === current}
            onClick={() => setCurrent(i)}
          />
        ))}
        <button type="button" className="btn btn-circle btn-sm" onClick={() => go(1)} aria-label="Next banner">
          ❯
        </button>
      </div>
    </section>
  );
}
