import { Form, Link } from "react-router";
import { appContext } from "#app-context";
import { fieldErrors } from "../../schemas/form-errors.ts";
import { WORTH_MESSAGES, type WorthQuery, worthMessage, worthQuerySchema } from "../../schemas/price-guidance.ts";
import { CONDITIONS } from "../../schemas/values.ts";
import { DrawnChart } from "../components/drawn-chart.tsx";
import { checkedForm, SelectField, TextField } from "../components/form-field.tsx";
import { ProcessorField } from "../components/processor-field.tsx";
import { RouteError } from "../components/route-error.tsx";
import { chartMarkup } from "../lib/sales-chart.server.tsx";
import { useValidatedForm } from "../lib/use-validated-form.ts";
import type { Route } from "./+types/worth";

/** The post form's fields this page fills in when the person chooses to sell. */
const SELL_FIELDS = ["processor", "ramGb", "storageGb", "condition", "yearsOfUse"] as const;

/** A GET form: the question is in the address, so an answer can be shared and the page works without script. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const asked = SELL_FIELDS.some((k) => params.has(k));
  const typed = Object.fromEntries(SELL_FIELDS.map((k) => [k, params.get(k) ?? ""]));
  if (!asked) return { typed, fields: null, worth: null };
  const query = worthQuerySchema.safeParse(typed);
  if (!query.success) return { typed, fields: fieldErrors(query.error), worth: null };
  const { recognised, guidance, sales } = await context.get(appContext).services.catalogue.worth(query.data);
  if (!recognised) return { typed, fields: { processor: WORTH_MESSAGES.unrecognised }, worth: null };
  const chart = guidance && chartMarkup(request, { guidance, sales });
  return { typed, fields: null, worth: { guidance, chart, query: query.data } };
}

export const meta = () => [
  { title: "What's my laptop worth? — ReLaptop" },
  {
    name: "description",
    content:
      "What laptops like yours sold for on ReLaptop in the last 12 months, by processor, RAM, storage and condition.",
  },
];

const optionsOf = (values: readonly string[]) => values.map((v) => ({ value: v, label: v }));

/** Sell it: the post form, filled in with what was asked here. */
const sellPath = (q: WorthQuery) =>
  `/dashboard/post/add?${new URLSearchParams(SELL_FIELDS.map((k) => [k, String(q[k])]))}`;

export default function Worth({ loaderData: { typed, fields, worth } }: Route.ComponentProps) {
  const form = useValidatedForm(worthQuerySchema, fields ? { fields } : null);
  const e = form.errors;
  return (
    <section className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-6">
      <div>
        <h1 className="text-3xl font-bold">What's my laptop worth?</h1>
        <p className="mt-2">
          Tell us what your laptop has: we show what laptops like it sold for on ReLaptop in the last 12 months.
        </p>
      </div>
      <Form {...checkedForm(form)} method="get" className="grid gap-4 md:grid-cols-2" aria-label="Your laptop">
        <div className="md:col-span-2">
          <ProcessorField
            defaultValue={typed.processor}
            error={e.processor}
            unrecognised={{ unknown: WORTH_MESSAGES.unrecognised, startOfSome: WORTH_MESSAGES.pickSuggestion }}
          />
        </div>
        <TextField label="RAM (GB)" name="ramGb" inputMode="numeric" defaultValue={typed.ramGb} error={e.ramGb} />
        <TextField
          label="Storage (GB)"
          name="storageGb"
          inputMode="numeric"
          defaultValue={typed.storageGb}
          error={e.storageGb}
        />
        <SelectField
          label="Condition"
          name="condition"
          placeholder="Choose the condition"
          defaultValue={typed.condition}
          options={optionsOf(CONDITIONS)}
          error={e.condition}
        />
        <TextField
          label="Year of use"
          name="yearsOfUse"
          inputMode="numeric"
          defaultValue={typed.yearsOfUse}
          error={e.yearsOfUse}
        />
        <button type="submit" className="btn btn-primary md:col-span-2">
          Show what it is worth
        </button>
      </Form>
      {worth && (
        <section aria-labelledby="worth-answer" className="flex flex-col gap-3 rounded-box bg-base-200 p-4">
          <h2 id="worth-answer" className="text-xl font-semibold">
            What it is worth
          </h2>
          {!worth.guidance ? (
            <p>{WORTH_MESSAGES.tooFew}</p>
          ) : (
            <>
              {worth.guidance.source === "listings" && <p>{WORTH_MESSAGES.askingOnly}</p>}
              <p className="text-lg font-semibold">{worthMessage(worth.guidance)}</p>
              {worth.chart && <DrawnChart markup={worth.chart} />}
            </>
          )}
          <p>
            <Link to={sellPath(worth.query)} className="btn btn-secondary">
              Sell it
            </Link>
          </p>
        </section>
      )}
    </section>
  );
}

export const ErrorBoundary = RouteError;
