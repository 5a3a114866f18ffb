import { Link } from "react-router";
import { laptopPath } from "../lib/paths.ts";

/** A laptop named by its advert's name, linking to its page; underlined on hover unless `className` says more. */
export function LaptopLink({ id, name, className = "link-hover" }: { id: string; name: string; className?: string }) {
  return (
    <Link to={laptopPath(id)} className={className}>
      {name}
    </Link>
  );
}
