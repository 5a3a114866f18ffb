import { useEffect } from "react";
import toast, { Toaster } from "react-hot-toast";
import { TOAST } from "../../schemas/messages.ts";
import type { Toast } from "../lib/toast.ts";

/**
 * The toasts (react-hot-toast), shown from the page's data: `pending`, the toast the root loader read. A module
 * of its own, loaded by the root when the first toast comes: most page loads show none, and a visitor's pages
 * carry at most 130 KB of gzip JavaScript (tests/e2e/budget.spec.ts).
 */
export default function Toasts({ pending }: { pending: (Toast & { id: string }) | null }) {
  useEffect(() => {
    if (!pending) return;
    const show = pending.type === "success" ? toast.success : toast.error;
    show(pending.message, { id: pending.id });
  }, [pending]);
  return (
    <Toaster
      position="top-center"
      // Below the top bar (4 rem and its border), not over its links.
      containerStyle={{ top: "4.5rem" }}
      toastOptions={{ success: { duration: TOAST.successMs }, error: { duration: TOAST.errorMs } }}
    />
  );
}
