/** Same nested keys as T, with every leaf widened to string: the shape every catalogue must satisfy. */
export type DeepStringShape<T> = {
  readonly [K in keyof T]: T[K] extends string ? string : DeepStringShape<T[K]>;
};
