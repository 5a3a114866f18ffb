import { sql } from "drizzle-orm";
import type { Core } from "../server/services.ts";

/**
 * Adds `conversations` conversations (about as many different adverts, which must exist: seedBulk) with
 * `messagesEach` messages each, buyer and seller taking turns, between 20,000 new buyers and the adverts'
 * sellers — generated inside PostgreSQL, set-based. Each conversation's inbox row (last activity, first
 * words, unread counts) is filled from its messages the way sending would. For scale work only.
 */
export async function seedConversationsBulk(
  { runtime: { db } }: Core,
  { conversations, messagesEach }: { conversations: number; messagesEach: number },
) {
  const BUYERS = 20_000;
  const run = Date.now().toString(36);
  await db.execute(sql`
    insert into users (id, name, email, role)
    select 'bulk-buyer-' || ${run} || '-' || g, 'Buyer ' || g, 'buyer' || g || '.' || ${run} || '@bulk.relaptop.test', 'user'
    from generate_series(1, ${BUYERS}) g`);
  await db.execute(sql`
    insert into conversations (advert_id, buyer_id, seller_id, created_at)
    select a.id, 'bulk-buyer-' || ${run} || '-' || (1 + a.n % ${BUYERS}), a.seller_id, now() - random() * interval '90 days'
    from (select id, seller_id, row_number() over () as n from adverts order by random() limit ${conversations}) a`);
  await db.execute(sql`
    insert into messages (conversation_id, sender_id, body, created_at)
    select c.id, case when g % 2 = 1 then c.buyer_id else c.seller_id end,
      (array['Hello, is it still available?', 'Yes it is. When would you like to see it?',
             'Could we meet on Saturday near the station?', 'Saturday works. Around 3 pm?',
             'Great. Does the battery still hold a charge for a day of work?'])[1 + g % 5],
      c.created_at + g * interval '7 minutes'
    from conversations c cross join generate_series(1, ${messagesEach}) g
    where c.buyer_id like ${`bulk-buyer-${run}-%`}`);
  // What sending keeps on the row: the last message, and the one unread by the other side.
  await db.execute(sql`
    update conversations c
    set last_message_at = m.created_at, last_sender_id = m.sender_id, last_preview = m.body,
        buyer_unread = case when m.sender_id = c.seller_id then 1 else 0 end,
        seller_unread = case when m.sender_id = c.buyer_id then 1 else 0 end,
        buyer_read_at = m.created_at - interval '7 minutes', seller_read_at = m.created_at - interval '7 minutes'
    from (
      select distinct on (conversation_id) conversation_id, created_at, sender_id, body
      from messages order by conversation_id, created_at desc, id desc
    ) m
    where m.conversation_id = c.id and c.buyer_id like ${`bulk-buyer-${run}-%`}`);
  // Vacuumed, not only analysed: the update above left a dead version of every conversation, which a server
  // with autovacuum off (as on the machines this project's CI and benchmarks run on) keeps, so each inbox
  // page would read past dead index entries and rows. Vacuum also sets the visibility map that index-only
  // scans read, as autovacuum does in production.
  await db.execute(sql`vacuum analyze conversations`);
  await db.execute(sql`vacuum analyze messages`);
}
