import type { ReactNode } from "react";
import { LaptopPhoto } from "./laptop-photo.tsx";

/**
 * An advert as a row of a dashboard list (My Orders, My Products, Reported Items): its photo and name, then
 * what the list says and offers about it; `dialog` is the row's confirmation, mounted beside the card body.
 */
export function AdvertRow({
  imageUrl,
  title,
  children,
  dialog,
}: {
  imageUrl: string;
  title: ReactNode;
  children: ReactNode;
  dialog?: ReactNode;
}) {
  return (
    // A compact row on phones too: a thumbnail beside the words, so a screen holds several orders.
    <li className="card card-side items-start border border-base-300 bg-base-100 sm:items-stretch">
      <figure className="w-20 shrink-0 p-2 sm:w-36 sm:p-0">
        <LaptopPhoto
          src={imageUrl}
          width={144}
          className="aspect-[4/3] w-full rounded object-cover sm:h-full sm:rounded-none"
        />
      </figure>
      <div className="card-body min-w-0 gap-2 p-3 sm:p-4">
        <h2 className="card-title text-lg">{title}</h2>
        {children}
      </div>
      {dialog}
    </li>
  );
}
