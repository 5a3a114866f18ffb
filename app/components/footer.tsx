import { Link } from "react-router";

const COLUMNS = [
  { title: "Services", links: ["Branding", "Design", "Marketing", "Advertisement"] },
  { title: "Company", links: ["About us", "Contact", "Jobs", "Press kit"] },
  { title: "Legal", links: ["Terms of use", "Privacy policy", "Cookie policy"] },
];

/** The spec's three columns (every link to /), and the promise the home page makes, with where it is explained. */
export function Footer() {
  return (
    <footer className="bg-neutral text-neutral-content">
      <div className="footer sm:footer-horizontal p-10">
        {COLUMNS.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="footer-title">{column.title}</h2>
            {column.links.map((label) => (
              <Link key={label} to="/" className="link link-hover">
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
