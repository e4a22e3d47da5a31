// An error while setting up an interactive part shows the crash screen in its place;
// "Try again" runs the setup once more.
import { alertBox } from "./alert-box.ts";

export function guard(root: HTMLElement, setup: () => void): void {
  try {
    setup();
  } catch (error) {
    console.error(error);
    root.prepend(
      alertBox({
        className: "crash-screen",
        title: "This page crashed.",
        message: (error as Error).message,
        button: "Try again",
        onClick: () => guard(root, setup),
      }),
    );
  }
}
