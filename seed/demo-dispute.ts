import type { Core } from "../server/services.ts";
import { distinctPhoto } from "./demo-images.ts";
import type { demoTimeline } from "./demo-timeline.ts";
import { createPaidOrder, createUser } from "./factories.ts";

/** A demo picture as the browser would upload it: the disputes' photo pipeline takes files. */
const photoFile = async (label: string, seed: number) =>
  new File([new Uint8Array(await distinctPhoto(label, seed))], `${label}.webp`, { type: "image/webp" });

/**
 * One open dispute for admins' Disputes page, told through the core as it happened: Lina buys one of Sam's
 * laptops two days ago and meets him, reports the next day that it will not charge (two photos), Sam answers
 * with a photo of his own, and Lina adds a line. It waits for an admin's decision.
 */
export async function seedOpenDispute(
  s: Core,
  happened: ReturnType<typeof demoTimeline>,
  sam: Awaited<ReturnType<typeof createUser>>,
  advertId: string,
) {
  const lina = await happened(40 * 24, () => createUser(s, { name: "Lina Rahman", email: "lina@relaptop.test" }));
  const { id } = await happened(50, () =>
    createPaidOrder(s, lina, { advertId, meetingLocation: "Mirpur 10, Dhaka", phone: "01911234567" }),
  );
  await happened(44, () => s.services.orders.handOver(sam, id));
  await happened(22, async () =>
    s.services.disputes.report(lina, id, {
      reason: "does_not_work",
      description:
        "It will not charge: the light on the charger comes on, but the battery stays at 0% and it shuts down as soon as I unplug it. Sam showed it running on the charger when we met.",
      photos: [await photoFile("Battery at 0%", 71), await photoFile("Charger light on", 72)],
    }),
  );
  await happened(18, async () =>
    s.services.disputes.write(sam, id, {
      body: "It held a charge all week before I sold it — here it is at 86% the morning we met. Could the charger be the problem? I gave you the original one.",
      photos: [await photoFile("Battery at 86%", 73)],
    }),
  );
  await happened(16, () =>
    s.services.disputes.write(lina, id, {
      body: "I tried another charger at a shop in Mirpur: same thing. I can bring it to an admin's meeting point if that helps.",
      photos: [],
    }),
  );
}
