import sharp from "sharp";

/**
 * Demo pictures drawn locally (no network): a logo mark per brand and a simple
 * laptop drawing per advert, tinted so the catalogue does not look uniform.
 */
const escapeXml = (s: string) => s.services.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A logo mark (the brand's initial in a circle): the card under it names the brand, once. */
export async function brandLogo(name: string, hue: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="320">
    <rect width="480" height="320" fill="hsl(${hue},55%,94%)"/>
    <circle cx="240" cy="160" r="80" fill="hsl(${hue},60%,45%)"/>
    <text x="240" y="182" font-family="DejaVu Sans, sans-serif" font-size="64" font-weight="700"
      text-anchor="middle" fill="#fff">${escapeXml(name.slice(0, 1))}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).webp({ quality: 80 }).toBuffer();
}

export async function laptopPicture(label: string, hue: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480">
    <rect width="640" height="480" fill="hsl(${hue},30%,92%)"/>
    <rect x="130" y="80" width="380" height="240" rx="14" fill="#222"/>
    <rect x="146" y="96" width="348" height="208" fill="hsl(${hue},70%,60%)"/>
    <path d="M90 330 H550 L590 372 H50 Z" fill="#9aa0a6"/>
    <rect x="280" y="340" width="80" height="10" rx="4" fill="#7a7f85"/>
    <text x="320" y="440" font-family="DejaVu Sans, sans-serif" font-size="30" text-anchor="middle"
      fill="#333">${escapeXml(label)}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).webp({ quality: 78 }).toBuffer();
}

/**
 * A photo-like picture with a layout of its own: light and dark patches placed by `seed`. Pictures of
 * the same drawing (laptopPicture) look alike to the perceptual hash of the review signals, as the
 * same stock photo would; these do not, so demo and test adverts only match where they mean to.
 */
export async function distinctPhoto(label: string, seed: number): Promise<Buffer> {
  let state = seed * 2654435761 + 1;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  const patches = Array.from({ length: 24 }, () => {
    const [x, y, w, h, l] = [next() * 600, next() * 440, 40 + next() * 200, 40 + next() * 160, 10 + next() * 80];
    return `<rect x="${x.toFixed(0)}" y="${y.toFixed(0)}" width="${w.toFixed(0)}" height="${h.toFixed(0)}" fill="hsl(${(seed * 47) % 360},25%,${l.toFixed(0)}%)"/>`;
  }).join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480">
    <rect width="640" height="480" fill="#888"/>${patches}
    <text x="320" y="460" font-family="DejaVu Sans, sans-serif" font-size="26" text-anchor="middle"
      fill="#111">${escapeXml(label)}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).webp({ quality: 80 }).toBuffer();
}
