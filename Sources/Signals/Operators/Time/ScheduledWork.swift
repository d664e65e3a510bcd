extension CompositeDisposable {
  /// Schedules `action` on `scheduler` as pending work of an operator: disposing this composite (when the
  /// operator's result ends) cancels it if it has not run, and once it runs it leaves the composite, so
  /// pending work does not pile up.
  @usableFromInline
  func schedule(on scheduler: any Scheduler, _ action: @escaping () -> Void) {
    track {
      scheduler.schedule($0)
    } action: {
      action()
    }
  }

  /// Schedules `action` on `scheduler` at `instant`; see ``schedule(on:_:)``.
  @usableFromInline
  func schedule(on scheduler: any TimeScheduler, at instant: SchedulerInstant, _ action: @escaping () -> Void) {
    track {
      scheduler.schedule(at: instant, $0)
    } action: {
      action()
    }
  }

  private func track(
    _ schedule: (@escaping () -> Void) -> (any Disposable)?,
    action: @escaping () -> Void
  ) {
    let slot = SerialDisposable()
    guard let handle = add(slot) else { return }
    slot.inner = schedule {
      handle.dispose()
      action()
    }
  }
}
