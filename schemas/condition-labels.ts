/*
 * What each condition grade promises a buyer, and the words of the seller's checklist — written once, without
 * zod: the form and the laptop's page both show them, and a public page must not carry the validation library
 * (tests/e2e/budget.spec.ts). The grades' words themselves are the spec's (schemas/values.ts CONDITIONS).
 */
import type { ChecklistItem, Condition } from "./values.ts";

/**
 * One definition per grade: what a buyer can expect of marks, wear, the battery and whether everything works,
 * precise enough that a buyer and a seller can settle a disagreement by reading it.
 */
export const CONDITION_DEFINITIONS: Record<Condition, string> = {
  excellent:
    "Looks nearly new: no scratches or dents visible from 30 cm, no marks on the screen, keys not shiny. Everything works. The battery holds at least 80 % of its design capacity.",
  good: "Light signs of use: small scratches or scuffs on the case, none on the screen, no cracks or dents. Everything works. The battery holds at least 70 % of its design capacity.",
  Fair: "Clearly used: visible scratches, scuffs or small dents, or faint marks on the screen that do not hide the picture. Everything needed to use it works; any fault is named in the description. The battery may hold less than 70 %.",
};

/** The checklist's items as the form and the laptop's page word them, in the form's order. */
export const CHECKLIST_LABELS: Record<ChecklistItem, string> = {
  screen: "Screen without marks",
  keyboard: "Keyboard and trackpad fully working",
  ports: "All ports working",
  hinges: "Hinges firm",
  charger: "Charger included",
  box: "Original box",
};
