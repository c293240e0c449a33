import { type ReactNode, useId } from "react";
import { type LeadFormOptions, useLeadForm } from "../../client/leads.ts";
import { HONEYPOT_FIELD } from "../../schemas/lead-field-names.ts";
import { ContactFallback } from "./contact-fallback.tsx";
import { FormField, Honeypot, RequiredNote } from "./form-field.tsx";

/** One field of a lead form. The form renders its fields from a list of these. */
export interface LeadField {
  name: string;
  label: string;
  kind: "text" | "email" | "tel" | "textarea" | "select";
  required?: boolean;
  placeholder?: string;
  autoComplete?: string;
  /** textarea height. */
  rows?: number;
  /** select: the empty first option's text, and the choices after it. */
  choose?: string;
  options?: ReadonlyArray<{ value: string; label: string }>;
  /** select: preselected from this URL parameter by the loader, while the visitor has not chosen. */
  urlParam?: string;
}

/** Fields the page forms (contact, installation) share; only the mobile placeholder differs (SPEC section 5). */
export const pageFormFields = {
  nameAndEmail: [
    {
      name: "name",
      label: "Full Name",
      kind: "text",
      required: true,
      autoComplete: "name",
      placeholder: "Your full name",
    },
    {
      name: "email",
      label: "Email Address",
      kind: "email",
      required: true,
      autoComplete: "email",
      placeholder: "you@example.com",
    },
  ],
  mobile: (placeholder: string): LeadField => ({
    name: "mobile",
    label: "Mobile Number",
    kind: "tel",
    required: true,
    autoComplete: "tel",
    placeholder,
  }),
  /** The product select, preselected by ?product=<id>. */
  product: (products: ReadonlyArray<{ id: string; name: string }>, required: boolean): LeadField => ({
    name: "product",
    label: "Product",
    kind: "select",
    required,
    choose: "Select a product",
    options: products.map((p) => ({ value: p.id, label: p.name })),
    urlParam: "product",
  }),
} satisfies Record<string, LeadField[] | ((...args: never[]) => LeadField)>;

export interface LeadFormProps extends Omit<LeadFormOptions, "fields" | "required"> {
  /** The fields, row by row: two in a row sit side by side on wide screens. */
  rows: ReadonlyArray<ReadonlyArray<LeadField>>;
  submitLabel: string;
  /** The submit button's label while sending: 'Sending...' or 'Submitting...' (SPEC section 4). */
  busyLabel: string;
  /** Named in the notice shown if the form's script cannot load; a form inside a dialog needs none. */
  contact?: { email: string; phone: string };
  onCancel?: () => void;
  className?: string;
  /** After the buttons (the dialog's own toast region). */
  children?: ReactNode;
}

/**
 * The one lead form (contact, installation, product inquiry), rendered from its field list. The fields are uncontrolled:
 * the island never writes into them, so nothing the visitor typed or the browser filled in before it woke is lost.
 * The submit button is never disabled for want of the island: the loader holds a submit until it is awake.
 */
export function LeadForm({
  rows,
  submitLabel,
  busyLabel,
  contact,
  onCancel,
  className,
  children,
  ...options
}: LeadFormProps) {
  const id = useId();
  const fields = rows.flat();
  const lead = useLeadForm({
    ...options,
    fields: fields.map((f) => f.name),
    required: fields.filter((f) => f.required).map((f) => f.name),
  });
  const control = (field: LeadField) => {
    const error = lead.errors[field.name];
    const common = {
      id: `${id}${field.name}`,
      name: field.name,
      required: field.required,
      placeholder: field.placeholder,
      autoComplete: field.autoComplete,
      "aria-invalid": error ? (true as const) : undefined,
      "aria-describedby": error ? `${id}${field.name}-error` : undefined,
    };
    if (field.kind === "textarea") return <textarea {...common} rows={field.rows} />;
    if (field.kind === "select") {
      return (
        <select {...common} data-url-param={field.urlParam}>
          <option value="">{field.choose}</option>
          {field.options?.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      );
    }
    return <input {...common} type={field.kind} />;
  };
  const renderField = (field: LeadField) => (
    <FormField
      key={field.name}
      htmlFor={`${id}${field.name}`}
      label={field.label}
      required={field.required}
      error={lead.errors[field.name]}
      errorId={`${id}${field.name}-error`}
    >
      {control(field)}
    </FormField>
  );

  return (
    <form
      className={className ? `form ${className}` : "form"}
      noValidate
      onSubmit={lead.submit}
      onInput={lead.clearError}
      onFocus={() => void lead.prefetch()}
      aria-describedby={`${id}required`}
    >
      <RequiredNote id={`${id}required`} />
      {rows.map((row) =>
        row.length > 1 ? (
          <div className="form-row" key={row.map((f) => f.name).join()}>
            {row.map(renderField)}
          </div>
        ) : (
          row.map(renderField)
        ),
      )}
      <Honeypot id={`${id}${HONEYPOT_FIELD}`} name={HONEYPOT_FIELD} />
      {contact && (
        <ContactFallback email={contact.email} phone={contact.phone}>
          This form could not load, so it cannot send; what you typed is still here.
        </ContactFallback>
      )}
      <div className="form-actions">
        {onCancel && (
          <button type="button" className="button" onClick={onCancel} disabled={lead.submitting}>
            Cancel
          </button>
        )}
        <button type="submit" className="button button--primary" disabled={lead.submitting}>
          {lead.submitting ? busyLabel : submitLabel}
        </button>
      </div>
      {children}
    </form>
  );
}
