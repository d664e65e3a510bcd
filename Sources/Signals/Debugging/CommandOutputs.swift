/// A command as SignalsTesting's `ViewModelSpec` reaches it from a view model found by reflection: its state
/// and its outputs, with their types, so that the spec can observe them without knowing the command's type.
///
/// Only ``Command`` conforms; the protocol is for the package's own libraries.
package protocol CommandOutputs: AnyObject {
  /// The type of the values of an execution.
  associatedtype Output
  /// The type of the failures of the work.
  associatedtype Failure: Error

  /// See ``Command/isEnabled``.
  var isEnabled: Property<Bool> { get }
  /// See ``Command/isExecuting``.
  var isExecuting: Property<Bool> { get }
  /// See ``Command/values``.
  var values: Signal<Output, Never> { get }
  /// See ``Command/errors``.
  var errors: Signal<Failure, Never> { get }
}

extension Command: CommandOutputs {}
