// The red box shown in place of a part that failed: a message and one button to try again.
export function alertBox(options: {
  className: string;
  title?: string;
  message: string;
  button: string;
  onClick: () => void;
}): HTMLElement {
  const box = document.createElement("div");
  box.className = options.className;
  box.setAttribute("role", "alert");
  if (options.title) {
    const title = document.createElement("p");
    title.className = "alert-title";
    title.textContent = options.title;
    box.append(title);
  }
  const message = document.createElement("p");
  message.textContent = options.message;
  const button = document.createElement("button");
  button.type = "button";
  button.className = "button";
  button.textContent = options.button;
  button.addEventListener("click", () => {
    box.remove();
    options.onClick();
  });
  box.append(message, button);
  return box;
}
