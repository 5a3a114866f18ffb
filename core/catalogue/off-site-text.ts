/**
 * Words of an advert asking buyers to pay or talk outside ReLaptop, where neither the payment
 * protection nor the moderation reach: the classic advance-fee and gift-card scams. Each pattern
 * names what an admin is shown.
 */
const OFF_SITE_PATTERNS: { label: string; pattern: RegExp }[] = [
  { label: "gift cards", pattern: /\b(gift|itunes|steam|google\s*play|amazon)\s*cards?\b/i },
  { label: "a wire transfer", pattern: /\b(wire|bank)\s*transfers?\b|\bwire\s+(the\s+)?(money|payment)\b/i },
  { label: "Western Union or MoneyGram", pattern: /\bwestern\s*union\b|\bmoney\s*gram\b/i },
  { label: "an email address", pattern: /[\w.+-]+\s*(@|\(at\)|\[at\])\s*[\w-]+\s*(\.|\(dot\)|\[dot\])\s*[a-z]{2,}/i },
  { label: "“email me”", pattern: /\b(e-?mail|mail|write to|contact)\s+me\s+(at|on|via)\b/i },
  { label: "WhatsApp, Telegram or Signal", pattern: /\bwhats\s*app\b|\btelegram\b|\bsignal\s+(me|app)\b|\bwa\.me\b/i },
  { label: "crypto", pattern: /\b(bitcoin|btc|crypto(currency)?|usdt|tether|ethereum)\b/i },
  { label: "paying outside the site", pattern: /\bpay(ment)?\s+(me\s+)?(directly|outside|off[-\s]?site)\b/i },
  { label: "PayPal friends and family", pattern: /\bfriends\s*(and|&)\s*family\b/i },
];

/** What in this text asks to pay or talk off the site (labels, in the order above; empty if nothing). */
export function offSiteMentions(text: string): string[] {
  return OFF_SITE_PATTERNS.filter(({ pattern }) => pattern.test(text)).map(({ label }) => label);
}
