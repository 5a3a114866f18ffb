import { Link } from "react-router";

const COLUMNS = [
  { title: "Services", links: ["Branding", "Design", "Marketing", "Advertisement"] },
  { title: "Company", links: ["About us", "Contact", "Jobs", "Press kit"] },
  { title: "Legal", links: ["Terms of use", "Privacy policy", "Cookie policy"] },
];

export function Footer() {
  return (
    <footer className="footer sm:footer-horizontal bg-neutral p-10 text-neutral-content">
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
    </footer>
  );
}
