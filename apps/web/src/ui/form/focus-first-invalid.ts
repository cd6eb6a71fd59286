/** What a field's control may be: the element keyboard focus goes to. */
const FOCUSABLE = 'input:not([type="hidden"]), textarea, select, button, [tabindex]:not([tabindex="-1"])';

/**
 * After a failed submit or step, moves keyboard focus to the first field showing an error (and so scrolls it into
 * view), as a screen reader or keyboard user needs: the error toast alone left focus on the button, or on the page
 * once a step changed. Runs once React has shown the errors. `from` is where the user acted (the button pressed):
 * the search stays in its form, dialog or main area.
 */
export function focusFirstInvalid(from: Element | null = document.activeElement) {
  const area = from?.closest('form, [role="dialog"], main') ?? document.querySelector('main') ?? document.body;
  setTimeout(() => {
    const invalid =
      area.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      area
        .querySelector('.Mui-error')
        ?.closest('.MuiFormControl-root, .MuiFormGroup-root, fieldset')
        ?.querySelector<HTMLElement>(FOCUSABLE);
    if (invalid && invalid !== document.activeElement) invalid.focus();
  }, 0);
}
