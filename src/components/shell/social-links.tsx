import type { Site } from "../../schemas/site.ts";
import { FacebookIcon, LinkedinIcon, YoutubeIcon } from "../icon.tsx";

/** The vendor's social profiles (content/site.yaml), shown in the top bar and the footer. */
export function SocialLinks({ social, className }: { social: Site["social"]; className: string }) {
  const links = [
    { label: "Facebook", href: social.facebook, Icon: FacebookIcon },
    { label: "LinkedIn", href: social.linkedin, Icon: LinkedinIcon },
    { label: "YouTube", href: social.youtube, Icon: YoutubeIcon },
  ];
  return (
    <ul className={className}>
      {links.map(({ label, href, Icon }) => (
        <li key={label}>
          <a href={href} rel="noopener" target="_blank" aria-label={`${label} (opens in a new tab)`}>
            <Icon />
          </a>
        </li>
      ))}
    </ul>
  );
}
