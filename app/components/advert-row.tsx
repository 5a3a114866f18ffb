import type { ReactNode } from "react";

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
    <li className="card card-side flex-col border border-base-300 bg-base-100 sm:flex-row">
      <figure className="sm:w-36">
        <img src={imageUrl} alt="" width={144} height={108} className="h-full w-full object-cover" />
      </figure>
      <div className="card-body gap-2 p-4">
        <h2 className="card-title text-lg">{title}</h2>
        {children}
      </div>
      {dialog}
    </li>
  );
}
