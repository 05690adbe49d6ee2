/**
 * Focus across a swap of the pay page's container. When the payer picks the other chain family,
 * its code arrives and a new container replaces the old one: the field the payer was in (the
 * amount they were typing, the family radio they had just picked) is removed from the page, focus
 * falls to <body>, and their next keystrokes go nowhere, a screen reader loses its place. Both
 * containers draw the same form fields under the same names, so the field is found again by name
 * (and value, for a radio) and focus is put back with the caret where it was.
 */
export interface FocusedField {
  name: string;
  /** A radio's or checkbox's value: the one of its group that was focused. */
  value?: string;
  selection?: [number, number];
}

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const isField = (el: Element | null): el is Field => el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement;
const isChoice = (el: Field) => el instanceof HTMLInputElement && (el.type === "radio" || el.type === "checkbox");

/** The named form field that has focus now, or null (nothing focused, or something unnamed). */
export function focusedField(doc: Document = document): FocusedField | null {
  const el = doc.activeElement;
  if (!isField(el) || !el.name) return null;
  if (isChoice(el)) return { name: el.name, value: el.value };
  // Only text-like inputs have a caret; selectionStart is null on others and throws on none.
  const start = "selectionStart" in el ? el.selectionStart : null;
  const end = "selectionEnd" in el ? el.selectionEnd : null;
  return { name: el.name, ...(start !== null && end !== null ? { selection: [start, end] as [number, number] } : {}) };
}

/** True when nothing in the page holds focus (it fell to <body>, as when a focused element is removed or disabled). */
export function focusIsLost(doc: Document = document): boolean {
  return !doc.activeElement || doc.activeElement === doc.body;
}

/** Focuses the field named as `field` in the page (its new copy), caret restored; false when there is none. */
export function refocus(field: FocusedField, doc: Document = document): boolean {
  const candidates = Array.from(doc.getElementsByName(field.name)).filter(isField);
  const target = field.value === undefined ? candidates[0] : candidates.find((el) => el.value === field.value);
  if (!target || target.disabled) return false;
  target.focus({ preventScroll: true });
  if (field.selection && "setSelectionRange" in target) {
    try {
      target.setSelectionRange(...field.selection);
    } catch {
      // Inputs without a caret (number, e-mail in some browsers) refuse a selection: focus is enough.
    }
  }
  return doc.activeElement === target;
}

/**
 * refocus once the new container has drawn the field: it may first draw a loading frame (the
 * wallet session starting). Gives up after `timeoutMs`, or as soon as focus is somewhere again
 * (the payer moved on: never pull it back). Returns a cancel.
 */
export function refocusWhenDrawn(field: FocusedField, timeoutMs = 3000, doc: Document = document): () => void {
  if (!focusIsLost(doc) || refocus(field, doc)) return () => undefined;
  const observer = new MutationObserver(() => {
    if (!focusIsLost(doc) || refocus(field, doc)) stop();
  });
  const timer = setTimeout(() => stop(), timeoutMs);
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
  }
  observer.observe(doc.body, { childList: true, subtree: true, attributes: true, attributeFilter: ["disabled"] });
  return stop;
}
