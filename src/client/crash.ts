// An error while setting up an interactive part shows the crash screen in its place;
// "Try again" runs the setup once more.
export function guard(root: HTMLElement, setup: () => void): void {
  try {
    setup();
  } catch (error) {
    console.error(error);
    const box = document.createElement("div");
    box.className = "crash-screen";
    box.setAttribute("role", "alert");
    const title = document.createElement("p");
    title.className = "crash-title";
    title.textContent = "This page crashed.";
    const message = document.createElement("p");
    message.textContent = (error as Error).message;
    const retry = document.createElement("button");
    retry.type = "button";
    retry.className = "button";
    retry.textContent = "Try again";
    retry.addEventListener("click", () => {
      box.remove();
      guard(root, setup);
    });
    box.append(title, message, retry);
    root.prepend(box);
  }
}
