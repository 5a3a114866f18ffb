export interface Toast {
  type: "success" | "error";
  message: string;
}

/** The signed flash cookie a toast waits in across a redirect (toast.server.ts). */
export const TOAST_COOKIE = "relaptop_toast";
