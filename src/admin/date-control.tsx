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
 * A day in the browser's own date picker, stored as it reports it (yyyy-mm-dd). Decap's datetime control re-parses
 * every keystroke, turning a year being typed (0020) into one of the 1900s; a text that is no day stops the save.
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
