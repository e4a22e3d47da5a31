export function Footer({ copyright }: { copyright: string }) {
  return (
    <footer className="footer">
      <div className="footer-copyright">{copyright}</div>
    </footer>
  );
}
