import { MESSAGES } from "../../schemas/messages.ts";

export function LoadingScreen({ overlay = false }: { overlay?: boolean }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={
        overlay
          ? "fixed inset-0 z-50 flex items-center justify-center gap-3 bg-base-100/70"
          : "flex min-h-64 items-center justify-center gap-3"
      }
    >
      <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
      <span>{MESSAGES.page.loading}</span>
    </div>
  );
}
