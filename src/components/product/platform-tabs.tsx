import { useId } from "react";

type DemoType = "website" | "app" | "admin" | "other";

/** One tab per demo of the product; the first is selected. */
export interface PlatformTabsProps {
  label: string;
  tabs: { name: string; description: string; demoUrl: string; type: DemoType }[];
}

/** Tiny drawn icons, one per kind of demo. */
function TypeIcon({ type }: { type: DemoType }) {
  const common = {
    fill: "none",
    stroke: "currentColor",
    strokeWidth: 2,
    strokeLinecap: "round",
    strokeLinejoin: "round",
  } as const;
  return (
    <svg className="platform-tabs__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" {...common}>
      {type === "website" && (
        <>
          <circle cx="12" cy="12" r="9" />
          <path d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3" />
        </>
      )}
      {type === "app" && (
        <>
          <rect x="6.5" y="2.5" width="11" height="19" rx="2" />
          <path d="M11 18h2" />
        </>
      )}
      {type === "admin" && (
        <>
          <rect x="3" y="3" width="7.5" height="9" rx="1" />
          <rect x="13.5" y="3" width="7.5" height="5" rx="1" />
          <rect x="13.5" y="11" width="7.5" height="10" rx="1" />
          <rect x="3" y="15" width="7.5" height="6" rx="1" />
        </>
      )}
      {type === "other" && <path d="m12 3 9 5-9 5-9-5 9-5Zm-9 9 9 5 9-5M3 16l9 5 9-5" />}
    </svg>
  );
}

/**
 * Platform overview of a product: WAI-ARIA tabs with automatic activation, the first selected, run by the eager loader
 * (src/client/controls.ts); only the selected tab is in the Tab order.
 */
export function PlatformTabs({ label, tabs }: PlatformTabsProps) {
  const id = useId();
  return (
    <div className="platform-tabs" data-tabs="">
      <div className="platform-tabs__list" role="tablist" aria-label={label}>
        {tabs.map((tab, i) => (
          <button
            key={tab.name}
            type="button"
            role="tab"
            id={`${id}tab-${i}`}
            aria-selected={i === 0}
            aria-controls={`${id}panel-${i}`}
            tabIndex={i === 0 ? 0 : -1}
            className="platform-tabs__tab"
          >
            <TypeIcon type={tab.type} />
            {tab.name}
          </button>
        ))}
      </div>
      {tabs.map((tab, i) => (
        <div
          key={tab.name}
          role="tabpanel"
          id={`${id}panel-${i}`}
          aria-labelledby={`${id}tab-${i}`}
          hidden={i !== 0}
          className="platform-tabs__panel"
        >
          <h3>{tab.name}</h3>
          <p>{tab.description}</p>
          <a className="button button--primary" href={tab.demoUrl} rel="noopener" target="_blank">
            View Live Demo
            <span className="visually-hidden"> of the {tab.name} (opens in a new tab)</span>
          </a>
        </div>
      ))}
    </div>
  );
}
