import { sql } from "drizzle-orm";
import { saleWindows } from "../core/orders/index.ts";
import type { Core } from "../server/services.ts";

/**
 * The demo's story is played now and moved back to when each step happened (demo-timeline.ts), but a deadline
 * a step set is in the future, so it stayed where the step put it: counted from today. Counted again here from
 * when each order's step happened in the story, as the deadlines job would have (core/orders/deadlines.ts):
 * a booking from when it was made, a payment from when it was taken, a handover from when it was handed over
 * (a parcel from when it was received, or shipped plus SHIPPING_DAYS).
 */
export async function countDeadlinesFromTheStory(s: Core) {
  const w = saleWindows();
  await s.runtime.db.execute(sql`
    update orders o set deadline_at = case o.status
      when 'booked' then o.created_at + make_interval(hours => ${w.bookingHours})
      when 'paid' then (select max(e.created_at) from order_events e where e.order_id = o.id and e.transition = 'pay')
        + make_interval(days => ${w.handoverDays})
      when 'handed_over' then coalesce(
        o.received_at,
        case when o.delivery = 'ship' then o.handed_over_at + make_interval(days => ${w.shippingDays}) else o.handed_over_at end
      ) + make_interval(hours => ${w.protectionHours})
    end
    where o.deadline_at is not null and o.status in ('booked', 'paid', 'handed_over')`);
}
