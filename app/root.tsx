import { useEffect } from "react";
import toast, { Toaster } from "react-hot-toast";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useNavigation,
  useRouteLoaderData,
} from "react-router";
import { MESSAGES, TOAST } from "../schemas/messages.ts";
import type { Route } from "./+types/root";
import "./app.css";
import { Footer } from "./components/footer.tsx";
import { LoadingScreen } from "./components/loading-screen.tsx";
import { NavBar } from "./components/nav-bar.tsx";
import { NotFound } from "./components/not-found.tsx";
import { getUser } from "./lib/session.server.ts";
import { popToast } from "./lib/toast.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const [user, { toast, setCookie }] = await Promise.all([getUser(request, context), popToast(request, context)]);
  return data(
    {
      user: user && { name: user.name, email: user.email, role: user.role, actingAsSeller: user.actingAsSeller },
      toast,
    },
    setCookie ? { headers: { "set-cookie": setCookie } } : undefined,
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en" data-theme="light">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen flex flex-col bg-base-100 text-base-content">
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export type RootData = Route.ComponentProps["loaderData"];
export const useRootData = () => useRouteLoaderData<typeof loader>("root");

export default function App({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const pending = loaderData.toast;
  useEffect(() => {
    if (!pending) return;
    const show = pending.type === "success" ? toast.success : toast.error;
    show(pending.message, { id: pending.id });
  }, [pending]);
  return (
    <>
      <NavBar user={loaderData.user} />
      <main className="flex-1">
        <Outlet />
      </main>
      <Footer />
      {(navigation.state === "loading" || navigation.formAction === "/account/mode") && <LoadingScreen overlay />}
      <Toaster
        position="top-center"
        toastOptions={{ success: { duration: TOAST.successMs }, error: { duration: TOAST.errorMs } }}
      />
    </>
  );
}

export function meta() {
  return [
    { title: "ReLaptop — buy and sell used laptops" },
    { name: "description", content: "Used laptops from verified sellers, with delivery and 100% buyer protection." },
  ];
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const root = useRootData();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <>
        <NavBar user={root?.user ?? null} />
        <NotFound />
      </>
    );
  }
  const detail = isRouteErrorResponse(error)
    ? (typeof error.data === "string" && error.data) || error.statusText || String(error.status)
    : import.meta.env.DEV && error instanceof Error
      ? error.message
      : "An unexpected error occurred. Please try again.";
  return (
    <section className="mx-auto flex max-w-lg flex-1 flex-col items-center gap-4 p-10 text-center" role="alert">
      <h1 className="text-3xl font-bold text-error">{MESSAGES.page.error}</h1>
      <p>{detail}</p>
      <form method="post" action="/logout">
        <button type="submit" className="btn btn-primary">
          Logout
        </button>
      </form>
    </section>
  );
}
