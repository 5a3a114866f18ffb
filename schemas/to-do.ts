import { z } from "zod";
import { type Actor, isActingSeller, isAdmin } from "./roles.ts";

/**
 * What needs doing: the dashboard's home and `GET /api/me/to-do`, per role and acting mode — a buyer (or a seller
 * acting as a buyer), a seller acting as a seller, an admin. Each count comes from its domain's own counting verb
 * (one indexed statement each); `gatherToDo` asks the ones of the person's role, so no one reads another role's.
 */

/** Each count: what it is called, where it leads. The order is the page's. */
export const TO_DO = {
  buyer: {
    ordersToPay: { label: "Orders to pay", href: "/dashboard/my/orders" },
    ordersToConfirm: { label: "Orders to confirm received", href: "/dashboard/my/orders" },
    unreadMessages: { label: "Unread messages", href: "/dashboard/messages" },
    newMatches: { label: "New saved-search matches this week", href: "/dashboard/saved-searches/matches" },
  },
  seller: {
    bookingsToAnswer: { label: "Bookings to answer", href: "/dashboard/sales" },
    ordersToHandOver: { label: "Orders to hand over", href: "/dashboard/sales" },
    openDisputes: { label: "Open disputes", href: "/dashboard/sales" },
    unreadMessages: { label: "Unread messages", href: "/dashboard/messages" },
  },
  admin: {
    heldAdverts: { label: "Held adverts", href: "/dashboard/reported-items" },
    openReports: { label: "Reports", href: "/dashboard/reported-items" },
    proofPhotos: { label: "Proof photos", href: "/dashboard/proof-photos" },
    openDisputes: { label: "Open disputes", href: "/dashboard/disputes" },
    failedEmails: { label: "Failed emails", href: "/dashboard/email-delivery?status=failed" },
  },
} as const;

export type ToDoRole = keyof typeof TO_DO;

/** Which list a person sees: an admin's, a seller's while acting as a seller, else a buyer's. */
export const toDoRole = (actor: Pick<Actor, "role" | "actingAsSeller">): ToDoRole =>
  isAdmin(actor) ? "admin" : isActingSeller(actor) ? "seller" : "buyer";

const count = z.int().min(0);
export const buyerToDoSchema = z.object({
  ordersToPay: count,
  ordersToConfirm: count,
  unreadMessages: count,
  newMatches: count,
}) satisfies z.ZodType<Record<keyof typeof TO_DO.buyer, number>>;
export const sellerToDoSchema = z.object({
  bookingsToAnswer: count,
  ordersToHandOver: count,
  openDisputes: count,
  unreadMessages: count,
}) satisfies z.ZodType<Record<keyof typeof TO_DO.seller, number>>;
export const adminToDoSchema = z.object({
  heldAdverts: count,
  openReports: count,
  proofPhotos: count,
  openDisputes: count,
  failedEmails: count,
}) satisfies z.ZodType<Record<keyof typeof TO_DO.admin, number>>;
export type BuyerToDo = z.infer<typeof buyerToDoSchema>;
export type SellerToDo = z.infer<typeof sellerToDoSchema>;
export type AdminToDo = z.infer<typeof adminToDoSchema>;

/** The reply: the person's role and its counts. */
export const toDoSchema = z
  .discriminatedUnion("role", [
    z.object({ role: z.literal("buyer"), counts: buyerToDoSchema }),
    z.object({ role: z.literal("seller"), counts: sellerToDoSchema }),
    z.object({ role: z.literal("admin"), counts: adminToDoSchema }),
  ])
  .meta({ id: "ToDo" });
export type ToDo = z.infer<typeof toDoSchema>;

/** The domains' counting verbs, as the services bind them (server/services.ts): each answers for its caller only. */
export interface ToDoCounters<U extends Actor> {
  orders: {
    buyerToDo: (user: U) => Promise<{ ordersToPay: number; ordersToConfirm: number }>;
    sellerToDo: (user: U) => Promise<{ bookingsToAnswer: number; ordersToHandOver: number; openDisputes: number }>;
  };
  conversations: { unreadCount: (user: U) => Promise<number> };
  savedSearches: { newMatchesCount: (user: U) => Promise<number> };
  moderation: { toDo: (admin: U) => Promise<{ heldAdverts: number; openReports: number; proofPhotos: number }> };
  disputes: { countOpen: (admin: U) => Promise<number> };
  notifications: { failedEmailsCount: (admin: U) => Promise<number> };
}

/** The person's own counts, for their role only (the page and the API both call this). */
export async function gatherToDo<U extends Actor>(services: ToDoCounters<U>, user: U): Promise<ToDo> {
  const role = toDoRole(user);
  if (role === "admin") {
    const [queue, openDisputes, failedEmails] = await Promise.all([
      services.moderation.toDo(user),
      services.disputes.countOpen(user),
      services.notifications.failedEmailsCount(user),
    ]);
    return { role, counts: { ...queue, openDisputes, failedEmails } };
  }
  if (role === "seller") {
    const [sales, unreadMessages] = await Promise.all([
      services.orders.sellerToDo(user),
      services.conversations.unreadCount(user),
    ]);
    return { role, counts: { ...sales, unreadMessages } };
  }
  const [orders, unreadMessages, newMatches] = await Promise.all([
    services.orders.buyerToDo(user),
    services.conversations.unreadCount(user),
    services.savedSearches.newMatchesCount(user),
  ]);
  return { role, counts: { ...orders, unreadMessages, newMatches } };
}
