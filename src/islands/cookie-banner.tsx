import { useSignals } from "@preact/signals-react/runtime";
import { type KeyboardEvent, type MouseEvent, useEffect, useId, useRef, useState } from "react";
import { loadStylesheet } from "../client/load-stylesheet.ts";
import { COOKIE_BANNER_ID, FULL_CONSENT, NO_CONSENT } from "../lib/consent.ts";
import type { ConsentPreferences } from "../schemas/cookie-consent.ts";
import { consent, preferencesOpen, readConsent, saveConsent } from "../stores/consent.ts";

/**
 * Cookie banner 'We Value Your Privacy' and its Cookie Preferences dialog (SPEC sections 2 and 4). The server HTML is
 * on every page but hidden by the stylesheet unless the inline head script found no valid choice, so it appears with
 * the first paint and costs no JavaScript until the visitor touches it (hydrate="interaction"). `stylesheet` is the
 * dialog's page sheet.
 */
export default function CookieBanner({ stylesheet }: { stylesheet: string }) {
  useSignals();
  const titleId = useId();
  useEffect(readConsent, []);
  // The dialog's styles (src/styles/pages/consent-dialog.css) are linked when it is first asked for.
  const [styled, setStyled] = useState(false);
  if (consent.value) return null;
  return (
    <section id={COOKIE_BANNER_ID} className="cookie-banner" aria-labelledby={titleId}>
      <div className="container cookie-banner__inner">
        <div className="cookie-banner__text">
          <h2 id={titleId} className="cookie-banner__title">
            We Value Your Privacy
          </h2>
          <p>
            We use essential cookies to run this site and, only if you allow them, analytics, functional and marketing
            cookies to understand visits and improve our offers.{" "}
            <a href="/cookies">
              Learn more<span className="visually-hidden"> about cookies</span>
            </a>
          </p>
        </div>
        <div className="cookie-banner__actions">
          <button
            type="button"
            className="button"
            aria-haspopup="dialog"
            onClick={() => {
              preferencesOpen.value = true;
              void loadStylesheet(stylesheet).then(() => setStyled(true));
            }}
          >
            Manage Preferences
          </button>
          <button type="button" className="button button--primary" onClick={() => saveConsent(NO_CONSENT)}>
            Reject Non-Essential
          </button>
          <button type="button" className="button button--primary" onClick={() => saveConsent(FULL_CONSENT)}>
            Accept All
          </button>
        </div>
      </div>
      {preferencesOpen.value && styled && <CookiePreferences />}
    </section>
  );
}

const OPTIONAL = [
  {
    key: "analytics",
    label: "Analytics",
    description: "Helps us understand which pages are visited and how people find us, in aggregate.",
  },
  { key: "functional", label: "Functional", description: "Remembers your choices and enables enhanced features." },
  { key: "marketing", label: "Marketing", description: "Allows advertising storage and measurement of our campaigns." },
] as const;

/**
 * The modal Cookie Preferences dialog: a native <dialog> opened with showModal(), which makes the page behind it
 * inert, closes on Escape and gives focus back to the button that opened it. Tab cycles inside it (browsers would
 * otherwise move on to their own toolbar). It starts from the stored choice (none ticked without one).
 */
function CookiePreferences() {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [choice, setChoice] = useState<ConsentPreferences>(() => consent.peek()?.preferences ?? NO_CONSENT);
  useEffect(() => {
    dialog.current?.showModal();
  }, []);

  const dismiss = () => dialog.current?.close();
  const decide = (preferences: ConsentPreferences) => {
    dismiss();
    saveConsent(preferences);
  };
  // A click on the backdrop targets the dialog itself, outside its box.
  const dismissOutside = (event: MouseEvent<HTMLDialogElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const inside =
      event.clientX >= box.left && event.clientX <= box.right && event.clientY >= box.top && event.clientY <= box.bottom;
    if (event.target === event.currentTarget && !inside) dismiss();
  };

  const keepFocusInside = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== "Tab") return;
    const focusable = [...event.currentTarget.querySelectorAll<HTMLElement>("a[href], button:enabled, input:enabled")];
    const first = focusable[0];
    const last = focusable.at(-1);
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  };

  return (
    <dialog
      ref={dialog}
      className="dialog consent-dialog"
      aria-labelledby={titleId}
      onClose={() => {
        preferencesOpen.value = false;
      }}
      onClick={dismissOutside}
      onKeyDown={keepFocusInside}
    >
      <div className="dialog__header">
        <h2 id={titleId}>Cookie Preferences</h2>
        <button type="button" className="dialog__close" aria-label="Close" onClick={dismiss}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </div>
      <div className="dialog__body">
        <p className="consent-dialog__intro">
          Choose which cookies we may use. You can change your choice at any time with Cookie Settings in the footer.
        </p>
        <ul className="consent-options">
          <ConsentSwitch
            label="Essential"
            description="Makes the website work: page delivery, security and remembering your cookie choice."
            note="Always on"
            checked
          />
          {OPTIONAL.map((option) => (
            <ConsentSwitch
              key={option.key}
              label={option.label}
              description={option.description}
              checked={choice[option.key]}
              onChange={(checked) => setChoice((current) => ({ ...current, [option.key]: checked }))}
            />
          ))}
        </ul>
        <div className="consent-dialog__actions">
          <button type="button" className="button" onClick={() => decide(NO_CONSENT)}>
            Reject All
          </button>
          <button type="button" className="button" onClick={() => decide(FULL_CONSENT)}>
            Accept All
          </button>
          <button type="button" className="button button--primary" onClick={() => decide(choice)}>
            Save Preferences
          </button>
        </div>
      </div>
    </dialog>
  );
}

interface ConsentSwitchProps {
  label: string;
  description: string;
  checked: boolean;
  /** Absent for a category that cannot be turned off. */
  onChange?: (checked: boolean) => void;
  /** Shown next to a switch that cannot change. */
  note?: string;
}

/** A labelled on/off switch: a checkbox with role="switch", styled as a track and knob. */
function ConsentSwitch({ label, description, checked, onChange, note }: ConsentSwitchProps) {
  const id = useId();
  const fixed = onChange === undefined;
  return (
    <li className="consent-option">
      <div className="consent-option__text">
        <label className="consent-option__label" htmlFor={id}>
          {label}
        </label>
        <p id={`${id}-description`} className="consent-option__description">
          {description}
        </p>
      </div>
      {note && (
        <span id={`${id}-note`} className="consent-option__note">
          {note}
        </span>
      )}
      <input
        id={id}
        type="checkbox"
        role="switch"
        className="switch"
        checked={checked}
        aria-checked={checked}
        disabled={fixed}
        readOnly={fixed}
        aria-describedby={note ? `${id}-note ${id}-description` : `${id}-description`}
        onChange={(event) => onChange?.(event.currentTarget.checked)}
      />
    </li>
  );
}
