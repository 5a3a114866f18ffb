/**
 * sharp and libvips load with the first picture a process handles, not at its start: most processes serve pages
 * and the API for hours between uploads, and the library holds ~7 MB resident once loaded (docs/benchmarks.md).
 */
export const loadSharp = async () => (await import("sharp")).default;
