/// Holds an object weakly, for leak tests: create the object in a scope, keep only a `Weak`, assert `nil`.
struct Weak<Object: AnyObject> {
  weak var object: Object?
  init(_ object: Object) { self.object = object }
}
