import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useId, useRef } from "react";
import { COOKIE_BANNER_ID, CONSENT_DIALOG_ID, FULL_CONSENT, NO_CONSENT } from "../lib/consent.ts";
import type { ConsentPreferences } from "../schemas/cookie-consent.ts";
import { consent, readConsent, saveConsent } from "../stores/consent.ts";

/**
 * Cookie banner 'We Value Your Privacy' and its Cookie Preferences dialog (SPEC sections 2 and 4), server HTML on every
 * page, shown from the first paint when the head script found no valid choice. The island wakes on the first touch;
 * the switches are plain checkboxes read when a choice is made, so one ticked before it woke counts.
 */
export default function CookieBanner() {
  useSignals();
  const titleId = useId();
  useEffect(readConsent, []);
  if (consent.value) return null;
  return (
    <section id={COOKIE_BANNER_ID} className="cookie-banner" aria-labelledby={titleId}>
      <div className="container cookie-banner__inner">
        <div className="cookie-banner__text">
          <h2 id={titleId} className="cookie-banner__title">
            We Value Your Privacy
          </h2>
          <p>
            Essential cookies run this site; analytics, functional and marketing ones only with your consent.{" "}
            <a href="/cookies" className="cookie-banner__more">
              Learn more<span className="visually-hidden"> about cookies</span>
            </a>
          </p>
        </div>
        <div className="cookie-banner__actions">
          <button
            type="button"
            className="button"
            aria-haspopup="dialog"
            command="show-modal"
            commandfor={CONSENT_DIALOG_ID}
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
      <CookiePreferences />
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
 * The modal Cookie Preferences dialog, a native <dialog> (the eager loader adds outside clicks and the focus trap).
 * It is shown only while no choice is stored, so its switches start off.
 */
function CookiePreferences() {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  const decide = (preferences: ConsentPreferences) => {
    dialog.current?.close();
    saveConsent(preferences);
  };
  // Closed without a decision: the switches go back to the stored choice (none), as the next opening must show it.
  const forgetUnsaved = () => {
    for (const input of dialog.current?.querySelectorAll<HTMLInputElement>("input[name]") ?? [])
      input.checked = input.defaultChecked;
  };
  const chosen = (): ConsentPreferences => {
    const ticked = (key: string) =>
      dialog.current?.querySelector<HTMLInputElement>(`input[name='${key}']`)?.checked ?? false;
    return { analytics: ticked("analytics"), functional: ticked("functional"), marketing: ticked("marketing") };
  };

  return (
    <dialog
      ref={dialog}
      id={CONSENT_DIALOG_ID}
      className="dialog consent-dialog"
      aria-labelledby={titleId}
      onClose={forgetUnsaved}
    >
      <div className="dialog__header">
        <h2 id={titleId}>Cookie Preferences</h2>
        <button
          type="button"
          className="dialog__close"
          aria-label="Close"
          command="close"
          commandfor={CONSENT_DIALOG_ID}
        >
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
          />
          {OPTIONAL.map((option) => (
            <ConsentSwitch key={option.key} name={option.key} label={option.label} description={option.description} />
          ))}
        </ul>
        <div className="consent-dialog__actions">
          <button type="button" className="button" onClick={() => decide(NO_CONSENT)}>
            Reject All
          </button>
          <button type="button" className="button" onClick={() => decide(FULL_CONSENT)}>
            Accept All
          </button>
          <button type="button" className="button button--primary" onClick={() => decide(chosen())}>
            Save Preferences
          </button>
        </div>
      </div>
    </dialog>
  );
}

interface ConsentSwitchProps {
  /** The category's key; absent for one that cannot be turned off (shown on). */
  name?: string;
  label: string;
  description: string;
  /** Shown next to a switch that cannot change. */
  note?: string;
}

/** A labelled on/off switch: a checkbox with role="switch", styled as a track and knob. */
function ConsentSwitch({ name, label, description, note }: ConsentSwitchProps) {
  const id = useId();
  const fixed = name === undefined;
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
        // biome-ignore lint/a11y/useAriaPropsForRole: a native checkbox gives a switch its checked state, kept current by the browser.
        role="switch"
        className="switch"
        name={name}
        defaultChecked={fixed}
        disabled={fixed}
        aria-describedby={note ? `${id}-note ${id}-description` : `${id}-description`}
      />
    </li>
  );
}
