import { renderToStaticMarkup } from "react-dom/server";
import type { PriceGuidance, SalePoint } from "../../schemas/price-guidance.ts";
import { SalesChart } from "../components/sales-chart.tsx";
import { timeZoneOf } from "./time-zone.ts";

/**
 * The sales chart as markup, drawn by the loader: the page inserts it as it is, so neither the chart's code
 * nor its sales travel as JavaScript (a laptop's page stays within its script budget, tests/e2e/budget.spec.ts).
 * Numbers and dates only: no text anyone typed is in it.
 */
export function chartMarkup(request: Request, worth: { guidance: PriceGuidance; sales: SalePoint[] }): string | null {
  if (worth.sales.length === 0) return null;
  return renderToStaticMarkup(
    <SalesChart sales={worth.sales} guidance={worth.guidance} asOf={new Date()} zone={timeZoneOf(request)} />,
  );
}
