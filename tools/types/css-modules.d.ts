declare module '*.module.css' {
  const classes: Readonly<Record<string, string>>;
  export default classes;
}

/** A plain stylesheet imported for its effect (a library's styles). */
declare module '*.css';
