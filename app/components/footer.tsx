import { Link } from "react-router";

const home = (label: string) => ({ label, to: "/" });

const COLUMNS = [
  { title: "Services", links: ["Branding", "Design", "Marketing", "Advertisement"].map(home) },
  { title: "Company", links: ["About us", "Contact", "Jobs", "Press kit"].map(home) },
  {
    title: "Legal",
    links: [
      { label: "Terms of use", to: "/terms" },
      { label: "Privacy policy", to: "/privacy" },
      { label: "Cookie policy", to: "/cookies" },
    ],
  },
];

/**
 * The spec's three columns with its labels (Services and Company still to /; Legal to the site's own terms,
 * privacy and cookie pages), and the promise the home page makes, with where it is explained (buyer protection).
 */
export function Footer() {
  return (
    <footer className="bg-neutral text-neutral-content">
      <div className="footer sm:footer-horizontal p-10">
        {COLUMNS.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="footer-title">{column.title}</h2>
            {column.links.map(({ label, to }) => (
              <Link key={label} to={to} className="link link-hover">
                {label}
              </Link>
            ))}
          </nav>
        ))}
      </div>
      <p className="px-10 pb-8">
        Every order has{" "}
        <Link to="/buyer-protection" className="link">
          100% buyer protection
        </Link>
        .
      </p>
    </footer>
  );
}
