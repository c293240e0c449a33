import type { ReactNode } from "react";

interface FormFieldProps {
  /** id of the control inside, for the label. */
  htmlFor: string;
  label: string;
  /** Required fields carry an asterisk (explained once per form by RequiredNote); optional ones say "(optional)". */
  required?: boolean;
  /** The field's validation message, shown under it; LeadForm links it with aria-describedby. */
  error?: string;
  errorId: string;
  children: ReactNode;
}

/** One labelled control of a lead form with its message: the markup the three forms share. */
export function FormField({ htmlFor, label, required = false, error, errorId, children }: FormFieldProps) {
  return (
    <div className="field">
      <label htmlFor={htmlFor}>
        {label} {required ? <span aria-hidden="true">*</span> : <span className="field__optional">(optional)</span>}
      </label>
      {children}
      {error && (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}

/** The sentence that explains the asterisk, referenced by the form's aria-describedby. */
export function RequiredNote({ id }: { id: string }) {
  return (
    <p className="field__hint" id={id}>
      Fields marked <span aria-hidden="true">*</span>
      <span className="visually-hidden">with an asterisk</span> are required.
    </p>
  );
}

/** The field people never see and bots fill in; a filled one makes the handler drop the lead silently. */
export function Honeypot({ id, name }: { id: string; name: string }) {
  return (
    <div className="lead-trap" aria-hidden="true">
      <label htmlFor={id}>Leave this field empty</label>
      <input id={id} name={name} type="text" tabIndex={-1} autoComplete="off" />
    </div>
  );
}
