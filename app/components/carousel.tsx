import { useCallback, useEffect, useState } from "react";
import { useMediaQuery } from "../lib/use-media-query.ts";

export interface Banner {
  title: string;
  text: string;
  tone: string;
}

/**
 * Rotates every 6 s unless the visitor prefers reduced motion (then it never moves by itself); pauses while
 * hovered or focused, and a Pause/Play button stops it for good (WCAG 2.2.2). Arrows and buttons drive it.
 */
export function Carousel({ banners }: { banners: Banner[] }) {
  const [current, setCurrent] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [stopped, setStopped] = useState(false);
  const reducedMotion = useMediaQuery("(prefers-reduced-motion: reduce)");
  const go = useCallback(
    (step: number) => setCurrent((c) => (c + step + banners.length) % banners.length),
    [banners.length],
  );
  const rotating = !stopped && !reducedMotion;

  useEffect(() => {
    if (!rotating || hovered) return;
    const timer = setInterval(() => go(1), 6000);
    return () => clearInterval(timer);
  }, [rotating, hovered, go]);

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Welcome"
      className="relative overflow-hidden rounded-box"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setHovered(true)}
      onBlur={() => setHovered(false)}
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
          className={`flex min-h-64 flex-col justify-center gap-3 px-8 pt-12 pb-20 md:px-20 ${banner.tone}`}
        >
          <h2 className="text-3xl font-bold md:text-5xl">{banner.title}</h2>
          <p className="max-w-xl text-lg">{banner.text}</p>
        </div>
      ))}
      <div className="absolute inset-x-0 bottom-3 flex items-center justify-center gap-2">
        {!reducedMotion && (
          <button
            type="button"
            className="btn btn-circle btn-sm"
            onClick={() => setStopped((s) => !s)}
            aria-label={stopped ? "Play banners" : "Pause banners"}
          >
            <span aria-hidden="true">{stopped ? "▶" : "❚❚"}</span>
          </button>
        )}
        <button type="button" className="btn btn-circle btn-sm" onClick={() => go(-1)} aria-label="Previous banner">
          ❮
        </button>
        {banners.map((b, i) => (
          // A 24×24 px target around a 10 px dot (WCAG 2.5.8).
          <button
            key={b.title}
            type="button"
            className="flex h-6 w-6 items-center justify-center rounded-full"
            aria-label={`Show banner ${i + 1}`}
            aria-current={i === current}
            onClick={() => setCurrent(i)}
          >
            <span
              aria-hidden="true"
              className={`h-2.5 w-2.5 rounded-full border border-base-100 ${i === current ? "bg-base-content" : "bg-base-content/40"}`}
            />
          </button>
        ))}
        <button type="button" className="btn btn-circle btn-sm" onClick={() => go(1)} aria-label="Next banner">
          ❯
        </button>
      </div>
    </section>
  );
}
