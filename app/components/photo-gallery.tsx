import { lazy, Suspense, useRef, useState } from "react";
import { plainClick } from "../lib/plain-click.ts";
import { useHydrated } from "../lib/use-hydrated.ts";
import { useMediaQuery } from "../lib/use-media-query.ts";
import { LaptopPhoto } from "./laptop-photo.tsx";

// The lightbox (with its zoom) is loaded when a photo is first opened: most visits never open one, and the
// laptop page's first load stays as it was (tests/e2e/budget.spec.ts).
const loadLightbox = () => import("./photo-lightbox.tsx");
const PhotoLightbox = lazy(loadLightbox);

/**
 * A laptop's photos on its page: one at a time, swiped (CSS scroll snap, which needs no script), moved with the
 * arrows on it, the keyboard's ← → or the thumbnails, and opened full screen, zoomable, from the photo itself.
 * Without JavaScript the photos still swipe, and each links to itself full size.
 */
export function PhotoGallery({ name, photos }: { name: string; photos: string[] }) {
  const [current, setCurrent] = useState(0);
  // The photo open in the lightbox; the lightbox stays mounted once loaded, so it opens at once the next time.
  const [opened, setOpened] = useState<number | null>(null);
  const [everOpened, setEverOpened] = useState(false);
  const track = useRef<HTMLDivElement>(null);
  const hydrated = useHydrated();
  const reducedMotion = useMediaQuery("(prefers-reduced-motion: reduce)");
  const count = photos.length;
  const alt = (i: number) => (count > 1 ? `${name}, photo ${i + 1} of ${count}` : name);

  const show = (i: number) => {
    const el = track.current;
    if (!el) return;
    const next = (i + count) % count;
    // A photo that had focus hands it to the one now shown: focus never stays on a photo scrolled away.
    const photoHadFocus = el.contains(document.activeElement);
    el.scrollTo({ left: next * el.clientWidth, behavior: reducedMotion ? "auto" : "smooth" });
    setCurrent(next);
    if (photoHadFocus) el.querySelectorAll("a")[next]?.focus({ preventScroll: true });
  };

  if (count === 0) {
    return <LaptopPhoto src={undefined} alt={name} width={800} className={PHOTO} />;
  }
  return (
    <>
      <section
        aria-roledescription="carousel"
        aria-label={`Photos of ${name}`}
        onKeyDown={(e) => {
          if (count < 2 || (e.key !== "ArrowLeft" && e.key !== "ArrowRight")) return;
          e.preventDefault();
          show(current + (e.key === "ArrowRight" ? 1 : -1));
        }}
      >
        <div className="relative">
          <div
            ref={track}
            className="flex snap-x snap-mandatory overflow-x-auto overscroll-x-contain rounded-box [scrollbar-width:none]"
            // A swipe (or a scroll) settles on a photo: the thumbnails follow it.
            onScroll={(e) => setCurrent(Math.round(e.currentTarget.scrollLeft / e.currentTarget.clientWidth))}
          >
            {photos.map((url, i) => (
              <a
                key={url}
                href={url}
                // One photo in the tab order, the one shown; ← → move between them.
                tabIndex={i === current ? 0 : -1}
                className="block w-full shrink-0 snap-start focus-visible:outline-3 focus-visible:-outline-offset-3 focus-visible:outline-primary"
                onPointerEnter={() => void loadLightbox()}
                onClick={(e) => {
                  if (!plainClick(e)) return;
                  e.preventDefault();
                  setEverOpened(true);
                  setOpened(i);
                }}
              >
                <LaptopPhoto src={url} alt={alt(i)} width={800} loading={i ? "lazy" : undefined} className={PHOTO} />
              </a>
            ))}
          </div>
          {hydrated && count > 1 && (
            <>
              <button
                type="button"
                className="btn btn-circle btn-sm absolute top-1/2 left-2 -translate-y-1/2"
                aria-label="Previous photo"
                onClick={() => show(current - 1)}
              >
                <span aria-hidden="true">❮</span>
              </button>
              <button
                type="button"
                className="btn btn-circle btn-sm absolute top-1/2 right-2 -translate-y-1/2"
                aria-label="Next photo"
                onClick={() => show(current + 1)}
              >
                <span aria-hidden="true">❯</span>
              </button>
            </>
          )}
        </div>
        {count > 1 && (
          <>
            <p className="sr-only" aria-live="polite">
              Photo {current + 1} of {count}
            </p>
            <ul className="mt-3 flex flex-wrap gap-2" aria-label="Photos">
              {photos.map((url, i) => (
                <li key={url}>
                  <button
                    type="button"
                    onClick={() => show(i)}
                    aria-label={`Show view ${i + 1} of ${count}`}
                    aria-pressed={i === current}
                    className={`block rounded border-2 ${i === current ? "border-primary" : "border-transparent"}`}
                  >
                    <LaptopPhoto src={url} width={96} loading="lazy" className="w-16 rounded md:w-24" />
                  </button>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
      {everOpened && (
        <Suspense fallback={null}>
          <PhotoLightbox
            photos={photos.map((src, i) => ({ src, alt: alt(i) }))}
            index={opened ?? 0}
            open={opened !== null}
            label={`Photos of ${name}`}
            onClose={() => {
              // The library gives focus back to what had it before it opened; a click that did not focus the
              // photo (Safari's) leaves none to give back, so the photo that opened it takes it here.
              const opener = track.current?.querySelectorAll("a")[opened ?? 0];
              if (opener && document.activeElement !== opener) opener.focus({ preventScroll: true });
              setOpened(null);
            }}
          />
        </Suspense>
      )}
    </>
  );
}

const PHOTO = "aspect-[4/3] w-full rounded-box bg-base-200 object-cover";
