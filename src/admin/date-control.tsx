import { Component, createRef } from "react";

interface DateProps {
  forID: string;
  value?: unknown;
  onChange(value: string): void;
  classNameWrapper: string;
  setActiveStyle(): void;
  setInactiveStyle(): void;
}

/**
 * A day, in the browser's own date picker: shown in its format, stored as it reports it (yyyy-mm-dd), and empty when
 * the entry has none. Decap's datetime control parses what the picker reports with a second date library on every
 * keystroke, which turns a year being typed (0002, 0020, 0202…) into a day of the 1900s; here the picker's value is
 * kept as it is, and a typed text that is no day of the calendar (the picker reports it as empty) stops the save.
 */
export class DateControl extends Component<DateProps> {
  input = createRef<HTMLInputElement>();

  // A property, not a method: Decap calls it detached from the control.
  isValid = () => {
    if (!this.input.current?.validity.badInput) return true;
    const message = "Not a day of the calendar: check the day and the month, or pick it in the calendar";
    return { error: { type: "CUSTOM", message } };
  };

  override render() {
    const { forID, value, onChange, classNameWrapper, setActiveStyle, setInactiveStyle } = this.props;
    return (
      <input
        ref={this.input}
        id={forID}
        type="date"
        className={classNameWrapper}
        value={typeof value === "string" ? value : ""}
        onChange={(event) => onChange(event.currentTarget.value)}
        onFocus={setActiveStyle}
        onBlur={setInactiveStyle}
      />
    );
  }
}
