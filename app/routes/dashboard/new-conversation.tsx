import { redirect } from "react-router";
import { appContext } from "#app-context";
import { CONVERSATION_MESSAGES } from "../../../schemas/conversation-labels.ts";
import { startConversationSchema } from "../../../schemas/conversations.ts";
import { CATALOGUE_MESSAGES } from "../../../schemas/messages.ts";
import { formatPrice } from "../../../schemas/money.ts";
import { idFromPath } from "../../../schemas/params.ts";
import { canBuy } from "../../../schemas/roles.ts";
import { LaptopLink } from "../../components/laptop-link.tsx";
import { LaptopPhoto } from "../../components/laptop-photo.tsx";
import { MessageForm } from "../../components/message-form.tsx";
import { RouteError } from "../../components/route-error.tsx";
import { appErrorData, passRetryAfter, validateForm } from "../../lib/forms.server.ts";
import { notFound } from "../../lib/not-found.server.ts";
import { requireUser } from "../../lib/session.server.ts";
import type { Route } from "./+types/new-conversation";

/**
 * "Message seller" leads here (visitors by way of the login page). The buyer's one conversation about this
 * laptop opens if it exists; otherwise this page writes its first message, which makes it.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const advertId = idFromPath(new URL(request.url).searchParams.get("advert") ?? undefined);
  if (!advertId) throw notFound(CATALOGUE_MESSAGES.laptopNotFound);
  const { services } = context.get(appContext);
  const existing = await services.conversations.findFor(user, advertId);
  if (existing) throw redirect(`/dashboard/messages/${existing}`);
  const advert = await services.catalogue.getAdvert(advertId);
  if (!advert) throw notFound(CATALOGUE_MESSAGES.laptopNotFound);
  // Said here rather than after typing a message the server would refuse (core/conversations: start).
  const refusal = !canBuy(user) ? CONVERSATION_MESSAGES.admins : null;
  return { advert, own: advert.sellerId === user.id, refusal };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const form = await request.formData();
  const advertId = new URL(request.url).searchParams.get("advert") ?? "";
  form.set("advertId", advertId);
  const parsed = validateForm(form, startConversationSchema);
  if (parsed.error) return parsed.error;
  try {
    const { id } = await context.get(appContext).services.conversations.start(user, parsed.value);
    return redirect(`/dashboard/messages/${id}`);
  } catch (error) {
    return appErrorData(error, form);
  }
}

/** A limit's 429 says when to try again (Retry-After). */
export const headers = passRetryAfter;

export const meta = ({ loaderData }: Route.MetaArgs) => [
  { title: `Message the seller${loaderData ? ` of ${loaderData.advert.name}` : ""} — ReLaptop` },
];

export default function NewConversation({ loaderData: { advert, own, refusal }, actionData }: Route.ComponentProps) {
  return (
    <section className="flex max-w-3xl flex-col gap-4">
      <h1 className="text-3xl font-bold">Message {advert.sellerName}</h1>
      <div className="flex items-center gap-3 rounded-box border border-base-300 p-3">
        <LaptopPhoto src={advert.photoUrls[0]} width={96} className="rounded" />
        <p className="flex flex-col">
          <LaptopLink id={advert.id} name={advert.name} className="link font-semibold" />
          <span>{formatPrice(advert.resalePriceCents)}</span>
        </p>
      </div>
      {refusal ? (
        <p>{refusal}</p>
      ) : own ? (
        <p>This is your own laptop: buyers write to you about it, and you answer in Messages.</p>
      ) : (
        <>
          <p>Ask about the laptop, its condition, or where to meet. Only you and the seller see this conversation.</p>
          <MessageForm result={actionData} />
        </>
      )}
    </section>
  );
}

export const ErrorBoundary = RouteError;
