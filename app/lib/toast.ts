export interface Toast {
  type: "success" | "error";
  message: string;
}
