import { index, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("login", "routes/login.tsx"),
  route("signUp", "routes/sign-up.tsx"),
  route("register/seller", "routes/register-seller.tsx"),
  route("logout", "routes/logout.tsx"),
  route("auth/google", "routes/auth-google.tsx"),
  route("auth/google/done", "routes/auth-google-done.tsx"),
  route("blogs", "routes/blogs.tsx"),
  route("allAdd", "routes/all-adds.tsx"),
  route("category/:id", "routes/category.tsx"),
  route("laptops/:id", "routes/laptop.tsx"),
  route("book", "routes/book.tsx"),
  route("dashboard", "routes/dashboard/layout.tsx", [
    index("routes/dashboard/index.tsx"),
    route("my/orders", "routes/dashboard/my-orders.tsx"),
    route("payment/:orderId", "routes/dashboard/payment.tsx"),
    route("add/brand", "routes/dashboard/add-brand.tsx"),
    route("all/brands", "routes/dashboard/all-brands.tsx"),
    route("adds/:email", "routes/dashboard/my-products.tsx"),
    route("post/add", "routes/dashboard/post-add.tsx"),
    route("post/edit/:id", "routes/dashboard/edit-add.tsx"),
  ]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
