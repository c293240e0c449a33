/**
 * Shows `value` in a `[data-choice]` group of `aria-pressed` buttons: presses its button and writes the value to the
 * `data-choice-value` of the element `data-choice-for` names, which the stylesheet reads.
 * @returns false, changing nothing, when no button of the group has that value
 */
export function applyChoice(group: HTMLElement, value: string): boolean {
  const buttons = [...group.querySelectorAll<HTMLButtonElement>("button[value]")];
  if (!buttons.some((button) => button.value === value)) return false;
  for (const button of buttons) button.setAttribute("aria-pressed", String(button.value === value));
  group.ownerDocument.getElementById(group.dataset.choiceFor ?? "")?.setAttribute("data-choice-value", value);
  return true;
}
