/**
 * The "In hand" badge's words, without zod: the cards on every public page show it (schemas/favourite-labels.ts
 * says why such modules stay zod-free). The form's and the queue's words are in schemas/proof-photos.ts.
 */
export const IN_HAND = {
  badge: "In hand",
  title: "Its seller showed our team a photo of it beside a one-time code",
} as const;
